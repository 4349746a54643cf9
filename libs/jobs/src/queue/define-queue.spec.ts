import { defineQueue, fixedRetry } from './define-queue';

describe('defineQueue', () => {
  const handle = async () => undefined;
  const pace = { concurrency: 2, timeoutMs: 1_000, pollMs: 500, stopGraceMs: 100, retry: fixedRetry([10, 20]) };

  it('spells the queue out: its name, its pace, a lease of twice the timeout, and its hooks', () => {
    expect(defineQueue('a.queue', pace, { handle })).toEqual({
      name: 'a.queue',
      concurrency: 2,
      timeoutMs: 1_000,
      leaseMs: 2_000,
      pollMs: 500,
      stopGraceMs: 100,
      retry: { kind: 'fixed', delaysMs: [10, 20] },
      handle,
    });
  });

  it('keeps a lease the queue gives', () => {
    expect(defineQueue('a.queue', { ...pace, leaseMs: 5_000 }, { handle }).leaseMs).toBe(5_000);
  });
});
