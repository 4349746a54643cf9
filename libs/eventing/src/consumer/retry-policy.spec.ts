import { isTransientInfrastructureError, RetryPolicy } from './retry-policy';

describe('RetryPolicy', () => {
  const policy = new RetryPolicy({ maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 300 });

  it('retries a handler error with exponential, capped backoff until the last attempt, then dead-letters', () => {
    const error = new Error('boom');
    expect(policy.decide(0, 1, error)).toEqual({ kind: 'retry', delayMs: 100, countsAsAttempt: true });
    expect(policy.decide(1, 2, error)).toEqual({ kind: 'retry', delayMs: 200, countsAsAttempt: true });
    expect(policy.decide(2, 3, error)).toEqual({ kind: 'dead-letter' });
  });

  it('caps the backoff', () => {
    expect(policy.decide(0, 10, Object.assign(new Error('x'), { code: '08006' }))).toMatchObject({ delayMs: 300 });
  });

  it('never dead-letters an infrastructure failure, and does not count it', () => {
    const outage = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(policy.decide(2, 7, outage)).toEqual({ kind: 'retry', delayMs: 300, countsAsAttempt: false });
  });

  it('dead-letters on the first failure when maxAttempts is 1', () => {
    expect(new RetryPolicy({ maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 }).decide(0, 1, new Error('x'))).toEqual({
      kind: 'dead-letter',
    });
  });

  it('rejects a non-positive maxAttempts', () => {
    expect(() => new RetryPolicy({ maxAttempts: 0, baseDelayMs: 1, maxDelayMs: 1 })).toThrow(/maxAttempts/);
  });
});

describe('isTransientInfrastructureError', () => {
  it.each([
    ['connection failure class 08', { code: '08006' }],
    ['admin shutdown', { code: '57P01' }],
    ['too many connections', { code: '53300' }],
    ['serialization failure', { code: '40001' }],
    ['deadlock', { code: '40P01' }],
    ['refused socket', { code: 'ECONNREFUSED' }],
    ['pool timeout', { message: 'timeout exceeded when trying to connect' }],
    ['dropped connection', { message: 'Connection terminated unexpectedly' }],
  ])('%s is transient', (_, error) => {
    expect(isTransientInfrastructureError(error)).toBe(true);
  });

  it.each([
    ['unique violation', { code: '23505' }],
    ['check violation', { code: '23514' }],
    ['plain error', new Error('invalid payload')],
    ['a string', 'oops'],
  ])('%s is not', (_, error) => {
    expect(isTransientInfrastructureError(error)).toBe(false);
  });
});
