import { assertRetrySchedule, maxAttemptsOf, retryDelayMs, type RetrySchedule } from './retry-schedule';

describe('retry schedules', () => {
  it('exponential: the backoff per attempt, then no more after maxAttempts', () => {
    const schedule: RetrySchedule = { kind: 'exponential', maxAttempts: 4, backoff: { baseMs: 1000, maxMs: 3000 } };
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(schedule, attempt))).toEqual([1000, 2000, 3000, null]);
    expect(maxAttemptsOf(schedule)).toBe(4);
  });

  it('fixed: the webhook schedule (30 s, 2 min, 8 min, 32 min, then failed)', () => {
    const schedule: RetrySchedule = { kind: 'fixed', delaysMs: [30_000, 120_000, 480_000, 1_920_000] };
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(schedule, attempt))).toEqual([
      30_000,
      120_000,
      480_000,
      1_920_000,
      null,
    ]);
    expect(maxAttemptsOf(schedule)).toBe(5);
  });

  it('refuses a schedule without attempts or with a negative delay', () => {
    expect(() => assertRetrySchedule('q', { kind: 'exponential', maxAttempts: 0, backoff: { baseMs: 1, maxMs: 1 } })).toThrow(
      /at least one attempt/,
    );
    expect(() => assertRetrySchedule('q', { kind: 'fixed', delaysMs: [10, -1] })).toThrow(/negative delay/);
    expect(() => assertRetrySchedule('q', { kind: 'fixed', delaysMs: [] })).not.toThrow();
  });
});
