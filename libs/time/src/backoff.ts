/** Exponential backoff: `baseMs`, doubling per failure, never above `maxMs`. */
export interface Backoff {
  readonly baseMs: number;
  readonly maxMs: number;
}

/**
 * The delay after the `failures`-th consecutive failure (1 → baseMs, 2 → 2 × baseMs, ...,
 * capped at maxMs). The one backoff rule of the suite: reconnect loops, the outbox relay, event
 * consumers and job retries all call it, each with its own base and cap. No jitter: the loops
 * that use it are few per process and already spread by their own timing.
 */
export function exponentialBackoffMs(failures: number, backoff: Backoff): number {
  if (backoff.baseMs <= 0) return 0;
  const doublings = Math.max(0, Math.floor(failures) - 1);
  // 2 ** 1024 is Infinity; min() then answers maxMs, as it should.
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** doublings);
}
