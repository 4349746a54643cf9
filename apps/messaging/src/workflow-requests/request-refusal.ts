import type { Logger } from '@nestjs/common';
import { AppError, inspectUntrusted } from '@suite/http';

/**
 * A workflow step's request the rules refuse (an opted-out contact, no sender number, a domain
 * that is not the company's, a text PostgreSQL cannot store): the step asked once and the answer
 * will not change on a retry, so the event is done — one log line with its key and the reason,
 * never a throw (that would retry, then dead-letter). Anything else is thrown: a retry may help.
 */
export function refusalOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  throw error;
}

/** Why a payload cannot enter as it is (NUL, a lone surrogate), or null. The contract bounds lengths, not characters. */
export function untrustedTextProblem(data: object): string | null {
  const problem = inspectUntrusted(data);
  return problem ? `${problem.path || 'payload'} holds ${problem.kind === 'nul' ? 'NUL' : 'a lone surrogate'}` : null;
}

export function logRefusal(logger: Logger, data: { company_id: string; idempotency_key: string }, reason: string): void {
  logger.warn(
    { idempotency_key: data.idempotency_key, company_id: data.company_id, reason },
    `workflow request ${data.idempotency_key} not acted on: ${reason}`,
  );
}
