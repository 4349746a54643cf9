import { exponentialBackoffMs } from './backoff';

describe('exponentialBackoffMs', () => {
  it('doubles from the base per failure up to the cap', () => {
    const backoff = { baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((failures) => exponentialBackoffMs(failures, backoff))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('treats zero failures like the first, survives huge counts, and a zero base means no wait', () => {
    expect(exponentialBackoffMs(0, { baseMs: 100, maxMs: 400 })).toBe(100);
    expect(exponentialBackoffMs(5_000, { baseMs: 100, maxMs: 400 })).toBe(400);
    expect(exponentialBackoffMs(3, { baseMs: 0, maxMs: 400 })).toBe(0);
  });
});
