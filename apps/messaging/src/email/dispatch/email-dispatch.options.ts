import type { RetrySchedule } from '@suite/jobs';
import { EnvironmentError } from '@suite/config';
import type { BaseEnvironment } from '@suite/config';
import type { EmailEnvironment } from '../email-environment';

export interface EmailDispatchOptions {
  /** MESSAGING_EMAIL_MAX_ATTEMPTS runs, waiting RETRY_BASE_MS doubling to RETRY_MAX_MS between them. */
  retry: RetrySchedule;
  pollMs: number;
  concurrency: number;
  /** Lease of a claimed row. */
  claimTimeoutMs: number;
  /** Upper bound of one hand-off (connect + greeting + transfer), after which it is aborted. */
  handOffTimeoutMs: number;
  /** At shutdown, how long in-flight hand-offs may finish before they are aborted (and requeued). */
  stopGraceMs: number;
}

export const EMAIL_DISPATCH_OPTIONS = Symbol('EMAIL_DISPATCH_OPTIONS');

/**
 * The dispatcher's settings from the environment. The lease must outlast a whole hand-off,
 * or a slow but live dispatcher would lose its row to another replica and the email would go
 * out twice: checked here, naming the variable, so a bad combination stops start-up.
 */
export function emailDispatchOptions(env: EmailEnvironment & Pick<BaseEnvironment, 'SHUTDOWN_TIMEOUT_MS'>): EmailDispatchOptions {
  // Connect, greeting and the transfer each get the SMTP timeout.
  const handOffTimeoutMs = 3 * env.MESSAGING_EMAIL_SMTP_TIMEOUT_MS;
  if (env.MESSAGING_EMAIL_CLAIM_TIMEOUT_MS < 2 * handOffTimeoutMs) {
    throw new EnvironmentError(
      'MESSAGING_EMAIL_CLAIM_TIMEOUT_MS',
      `must be at least 6 × MESSAGING_EMAIL_SMTP_TIMEOUT_MS (${2 * handOffTimeoutMs} ms), so a live dispatcher never loses an email it is sending`,
    );
  }
  if (env.MESSAGING_EMAIL_RETRY_MAX_MS < env.MESSAGING_EMAIL_RETRY_BASE_MS) {
    throw new EnvironmentError('MESSAGING_EMAIL_RETRY_MAX_MS', 'must not be below MESSAGING_EMAIL_RETRY_BASE_MS');
  }
  return {
    retry: {
      kind: 'exponential',
      maxAttempts: env.MESSAGING_EMAIL_MAX_ATTEMPTS,
      backoff: { baseMs: env.MESSAGING_EMAIL_RETRY_BASE_MS, maxMs: env.MESSAGING_EMAIL_RETRY_MAX_MS },
    },
    pollMs: env.MESSAGING_EMAIL_POLL_MS,
    concurrency: env.MESSAGING_EMAIL_CONCURRENCY,
    claimTimeoutMs: env.MESSAGING_EMAIL_CLAIM_TIMEOUT_MS,
    handOffTimeoutMs,
    stopGraceMs: Math.min(5_000, env.SHUTDOWN_TIMEOUT_MS / 2),
  };
}
