import { exponentialBackoffMs, type Backoff } from '@suite/time';

/**
 * When a failed job runs again, and how many times it may run in all.
 * - `exponential`: the suite's one backoff rule (base doubling to a cap), `maxAttempts` runs.
 * - `fixed`: one delay per retry, in order (webhooks: 30 s, 2 min, 8 min, 32 min); runs = delays + 1.
 */
export type RetrySchedule =
  | { readonly kind: 'exponential'; readonly maxAttempts: number; readonly backoff: Backoff }
  | { readonly kind: 'fixed'; readonly delaysMs: readonly number[] };

export function maxAttemptsOf(schedule: RetrySchedule): number {
  return schedule.kind === 'fixed' ? schedule.delaysMs.length + 1 : schedule.maxAttempts;
}

/** The wait before the run after `attempt` (counted from 1) failed, or null when that was the last one. */
export function retryDelayMs(schedule: RetrySchedule, attempt: number): number | null {
  if (attempt >= maxAttemptsOf(schedule)) return null;
  return schedule.kind === 'fixed'
    ? schedule.delaysMs[Math.max(0, attempt - 1)]!
    : exponentialBackoffMs(attempt, schedule.backoff);
}

export function assertRetrySchedule(queue: string, schedule: RetrySchedule): void {
  const attempts = maxAttemptsOf(schedule);
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`jobs: queue ${queue} needs at least one attempt`);
  const delays = schedule.kind === 'fixed' ? schedule.delaysMs : [schedule.backoff.baseMs, schedule.backoff.maxMs];
  if (delays.some((delay) => !Number.isFinite(delay) || delay < 0)) throw new Error(`jobs: queue ${queue} has a negative delay`);
}
