export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window ends (for `Retry-After`). */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter per key, in memory. Good enough for one process: with several
 * replicas each counts alone (a client gets `limit × replicas`), so a multi-replica deployment
 * needs a shared store (PostgreSQL or Redis) behind the same `hit` contract.
 */
export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** Above this many keys, expired windows are swept so memory stays bounded. */
    private readonly sweepAbove = 10_000,
  ) {}

  hit(key: string): RateDecision {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size >= this.sweepAbove) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= this.limit, retryAfterSeconds: this.secondsLeft(window, now) };
  }

  /**
   * Whether one more hit would be allowed, without counting it: for a limit on failures, checked
   * before the work and hit only when the work failed.
   */
  peek(key: string): RateDecision {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs)
      return { allowed: true, retryAfterSeconds: Math.max(1, Math.ceil(this.windowMs / 1000)) };
    return { allowed: window.count < this.limit, retryAfterSeconds: this.secondsLeft(window, now) };
  }

  /** Tests and operators: forget every counter. */
  reset(): void {
    this.windows.clear();
  }

  get size(): number {
    return this.windows.size;
  }

  private secondsLeft(window: { start: number }, now: number): number {
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key);
    }
  }
}
