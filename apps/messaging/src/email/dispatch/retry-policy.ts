/** When to try an email again, and whether to. */
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Exponential: base, 2×base, 4×base, ... capped at maxDelayMs. `attempt` counts from 1. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * A 5xx reply (except 503, see nodemailer's isPermanentResponseCode) is the relay refusing this
 * email for good: retrying gets the same answer. Everything else — connection refused, timeouts,
 * 4xx, an aborted hand-off — may pass later.
 */
export function isPermanentFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}

export type AttemptOutcome = { kind: 'retry'; delayMs: number } | { kind: 'fail' };

export function afterFailure(policy: RetryPolicy, attempt: number, error: unknown): AttemptOutcome {
  if (isPermanentFailure(error) || attempt >= policy.maxAttempts) return { kind: 'fail' };
  return { kind: 'retry', delayMs: retryDelayMs(policy, attempt) };
}
