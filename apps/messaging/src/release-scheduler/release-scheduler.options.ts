import { EnvironmentError } from '@suite/config';
import type { ReleaseSchedulerEnvironment } from './release-scheduler-environment';
import type { RetryPolicy } from './release-rules';

export interface ReleaseSchedulerOptions {
  readonly enabled: boolean;
  readonly tickMs: number;
  readonly batchSize: number;
  readonly concurrency: number;
  readonly claimTimeoutMs: number;
  /** Bound of one carrier call (lookup or hand-off). */
  readonly carrierTimeoutMs: number;
  /**
   * Longest wait of a hand-off for its number's turn at the carrier (pace-gate.ts), holding the
   * message's lock and a connection: half the send timeout, so wait + send stays well below
   * PostgreSQL's idle-in-transaction timeout.
   */
  readonly paceWaitLimitMs: number;
  readonly retry: RetryPolicy;
  /** How long a message waits when its workspace has no active sender number at all. */
  readonly noNumberRetryMs: number;
  /** Capability lookups younger than this are trusted (MESSAGING_CAPABILITY_TTL_SECONDS). */
  readonly capabilityTtlSeconds: number;
}

export const RELEASE_SCHEDULER_OPTIONS = Symbol('RELEASE_SCHEDULER_OPTIONS');

/**
 * The scheduler's settings from the environment. A claim must outlive a whole hand-off
 * (lookup + send), or the sweeper would give back a message a live scheduler is about to send:
 * checked here, naming the variable, so a bad combination stops start-up.
 */
export function releaseSchedulerOptions(env: ReleaseSchedulerEnvironment): ReleaseSchedulerOptions {
  if (env.MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS < 2 * env.MESSAGING_SCHEDULER_SEND_TIMEOUT_MS) {
    throw new EnvironmentError(
      'MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS',
      `must be at least 2 × MESSAGING_SCHEDULER_SEND_TIMEOUT_MS (${2 * env.MESSAGING_SCHEDULER_SEND_TIMEOUT_MS} ms), ` +
        `so a live scheduler never loses a message it is handing over`,
    );
  }
  if (env.MESSAGING_SCHEDULER_RETRY_MAX_MS < env.MESSAGING_SCHEDULER_RETRY_BASE_MS) {
    throw new EnvironmentError('MESSAGING_SCHEDULER_RETRY_MAX_MS', 'must not be below MESSAGING_SCHEDULER_RETRY_BASE_MS');
  }
  return {
    enabled: env.MESSAGING_SCHEDULER_ENABLED,
    tickMs: env.MESSAGING_SCHEDULER_TICK_MS,
    batchSize: env.MESSAGING_SCHEDULER_BATCH_SIZE,
    concurrency: env.MESSAGING_SCHEDULER_CONCURRENCY,
    claimTimeoutMs: env.MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS,
    carrierTimeoutMs: env.MESSAGING_SCHEDULER_SEND_TIMEOUT_MS,
    paceWaitLimitMs: Math.floor(env.MESSAGING_SCHEDULER_SEND_TIMEOUT_MS / 2),
    retry: {
      maxAttempts: env.MESSAGING_SCHEDULER_MAX_ATTEMPTS,
      baseDelayMs: env.MESSAGING_SCHEDULER_RETRY_BASE_MS,
      maxDelayMs: env.MESSAGING_SCHEDULER_RETRY_MAX_MS,
    },
    noNumberRetryMs: 5 * 60_000,
    capabilityTtlSeconds: env.MESSAGING_CAPABILITY_TTL_SECONDS,
  };
}
