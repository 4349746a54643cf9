import { FixedWindowRateLimiter } from './rate-limiter';

describe('FixedWindowRateLimiter', () => {
  it('allows `limit` hits per key and window, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = new FixedWindowRateLimiter(3, 60_000, () => now);
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    const refused = limiter.hit('a');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(60);
    expect(limiter.hit('b').allowed).toBe(true);
    now += 59_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('peeks without counting: a limit on failures is checked first and hit only on a failure', () => {
    let now = 0;
    const limiter = new FixedWindowRateLimiter(2, 60_000, () => now);
    expect(limiter.peek('a')).toEqual({ allowed: true, retryAfterSeconds: 60 });
    limiter.hit('a');
    now += 30_000;
    expect([limiter.peek('a'), limiter.peek('a')]).toEqual([
      { allowed: true, retryAfterSeconds: 30 },
      { allowed: true, retryAfterSeconds: 30 },
    ]);
    limiter.hit('a');
    expect(limiter.peek('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now += 30_000;
    expect(limiter.peek('a').allowed).toBe(true);
  });

  it('sweeps expired windows so memory stays bounded', () => {
    let now = 0;
    const limiter = new FixedWindowRateLimiter(1, 1_000, () => now, 3);
    ['a', 'b', 'c'].forEach((key) => limiter.hit(key));
    now = 5_000;
    limiter.hit('d');
    expect(limiter.size).toBe(1);
  });
});
