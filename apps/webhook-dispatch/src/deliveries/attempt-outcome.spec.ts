import { attemptOutcome, statusChange } from './attempt-outcome';
import { parseRetryDelays } from './retry-delays';

const DELAYS = [30_000, 120_000, 480_000, 1_920_000];
const answer = (statusCode: number | null, more: { error?: string; retryAfterMs?: number } = {}) => ({
  statusCode,
  error: more.error ?? null,
  retryAfterMs: more.retryAfterMs ?? null,
});

describe('attemptOutcome', () => {
  it('delivers on any 2xx', () => {
    for (const status of [200, 201, 204, 299]) expect(attemptOutcome(answer(status), 1, DELAYS)).toEqual({ kind: 'delivered' });
  });

  it('retries a failure after the schedule of its attempt', () => {
    expect(attemptOutcome(answer(500), 1, DELAYS)).toEqual({ kind: 'retry', delayMs: 30_000, error: 'HTTP 500' });
    expect(attemptOutcome(answer(404), 2, DELAYS)).toEqual({ kind: 'retry', delayMs: 120_000, error: 'HTTP 404' });
    expect(attemptOutcome(answer(null, { error: 'timeout' }), 4, DELAYS)).toEqual({
      kind: 'retry',
      delayMs: 1_920_000,
      error: 'timeout',
    });
  });

  it('counts a redirect as a failure', () => {
    expect(attemptOutcome(answer(302), 1, DELAYS)).toEqual({
      kind: 'retry',
      delayMs: 30_000,
      error: 'HTTP 302 (redirects are failures)',
    });
  });

  it('fails the delivery after the fifth attempt', () => {
    expect(attemptOutcome(answer(500), 5, DELAYS)).toEqual({ kind: 'failed', gone: false, error: 'HTTP 500' });
  });

  it('fails at once, endpoint gone, on 410', () => {
    expect(attemptOutcome(answer(410), 1, DELAYS)).toEqual({ kind: 'failed', gone: true, error: 'HTTP 410' });
  });

  it('waits at least Retry-After on 429 and 503, never less than the schedule', () => {
    expect(attemptOutcome(answer(429, { retryAfterMs: 600_000 }), 1, DELAYS)).toMatchObject({ delayMs: 600_000 });
    expect(attemptOutcome(answer(503, { retryAfterMs: 1_000 }), 2, DELAYS)).toMatchObject({ delayMs: 120_000 });
    expect(attemptOutcome(answer(500, { retryAfterMs: 600_000 }), 1, DELAYS)).toMatchObject({ delayMs: 30_000 });
  });

  it('does not retry a 429 after the last attempt, Retry-After or not', () => {
    expect(attemptOutcome(answer(429, { retryAfterMs: 1_000 }), 5, DELAYS)).toMatchObject({ kind: 'failed' });
  });
});

describe('parseRetryDelays', () => {
  it('reads four delays in ms, s, m or h', () => {
    expect(parseRetryDelays('30s,2m,8m,32m')).toEqual(DELAYS);
    expect(parseRetryDelays('1s, 1s ,1s,1s')).toEqual([1000, 1000, 1000, 1000]);
    expect(parseRetryDelays('500ms,1h,0s,2m')).toEqual([500, 3_600_000, 0, 120_000]);
  });

  it('refuses anything else', () => {
    for (const text of ['', '30s,2m,8m', '30s,2m,8m,32m,1h', '30,2m,8m,32m', '-1s,1s,1s,1s', '1.5s,1s,1s,1s', '1d,1s,1s,1s', 5]) {
      expect(parseRetryDelays(text)).toBeUndefined();
    }
  });
});

describe('statusChange', () => {
  const delivered = { kind: 'delivered' } as const;
  const retry = { kind: 'retry', delayMs: 1, error: 'HTTP 500' } as const;
  const failed = { kind: 'failed', gone: false, error: 'HTTP 500' } as const;
  const gone = { kind: 'failed', gone: true, error: 'HTTP 410' } as const;

  it('sets a failed webhook active again on a success', () => {
    expect(statusChange('failed', delivered)).toEqual({ status: 'active', reason: 'delivery_succeeded' });
    expect(statusChange('active', delivered)).toBeNull();
  });

  it('marks an active webhook failed when a delivery fails for good, not on a retry', () => {
    expect(statusChange('active', failed)).toEqual({ status: 'failed', reason: 'delivery_failed' });
    expect(statusChange('failed', failed)).toBeNull();
    expect(statusChange('active', retry)).toBeNull();
  });

  it('disables a webhook whose endpoint is gone, and leaves a disabled one so', () => {
    expect(statusChange('active', gone)).toEqual({ status: 'disabled', reason: 'endpoint_gone' });
    expect(statusChange('failed', gone)).toEqual({ status: 'disabled', reason: 'endpoint_gone' });
    expect(statusChange('disabled', failed)).toBeNull();
  });
});
