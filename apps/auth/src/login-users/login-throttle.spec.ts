import {
  accountThrottleKey,
  admitAttempt,
  attemptKeys,
  deviceThrottleKey,
  emailThrottleKey,
  LOGIN_THROTTLE,
  type Admission,
  type ThrottleState,
} from './login-throttle';

describe('admitAttempt (sign-in throttle per account)', () => {
  const start = new Date('2030-01-01T00:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);

  /** Failed attempts, each made as soon as the previous lock allows; returns each lock's length in seconds. */
  function failInARow(count: number): { locks: number[]; state: ThrottleState } {
    let state: ThrottleState | null = null;
    let now = start;
    const locks: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const admission = admitAttempt(state, now) as Extract<Admission, { admitted: true }>;
      expect(admission.admitted).toBe(true);
      state = admission.next;
      locks.push(state.lockedUntil ? (state.lockedUntil.getTime() - now.getTime()) / 1000 : 0);
      now = state.lockedUntil ?? now;
    }
    return { locks, state: state! };
  }

  it('locks from the 5th failure for 1 s, doubling each time up to 5 minutes', () => {
    expect(failInARow(16).locks).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
  });

  it('refuses while locked without counting, so hammering a lock does not lengthen it', () => {
    const { state } = failInARow(5);
    const refused = admitAttempt(state, at(400));
    expect(refused).toEqual({ admitted: false, retryAfterSeconds: 1 });
    const afterLock = admitAttempt(state, at(1_000));
    expect(afterLock).toMatchObject({ admitted: true, next: { failures: 6, lockedUntil: at(3_000) } });
  });

  it('forgets failures when none came for 15 minutes', () => {
    const { state } = failInARow(7);
    const later = new Date(state.lastFailureAt.getTime() + LOGIN_THROTTLE.forgetAfterMs);
    expect(admitAttempt(state, later)).toEqual({
      admitted: true,
      next: { failures: 1, lastFailureAt: later, lockedUntil: null },
    });
  });

  it('never keeps a lock past the time its failures are forgotten', () => {
    expect(LOGIN_THROTTLE.maxLockMs).toBeLessThan(LOGIN_THROTTLE.forgetAfterMs);
  });

  it('keys an unknown email by its normalised form without storing the address, and each account by its user id', () => {
    expect(emailThrottleKey(' Ada@Example.com ')).toBe(emailThrottleKey('ada@example.com'));
    expect(emailThrottleKey('ada@example.com')).toMatch(/^email:[0-9a-f]{64}$/);
    expect(emailThrottleKey('ada@example.com')).not.toBe(emailThrottleKey('bob@example.com'));
    expect(accountThrottleKey('7')).toBe('user:7');
    expect(deviceThrottleKey('n0nce', '7')).toBe('device:n0nce:7');
    expect(deviceThrottleKey('n0nce', '7')).not.toBe(deviceThrottleKey('n0nce', '8'));
  });

  it('counts an attempt on each account of the email, on a known browser’s own allowance for the accounts it signed in to', () => {
    expect(attemptKeys('Ada@example.com', [], null)).toEqual([{ key: emailThrottleKey('ada@example.com'), userId: null }]);
    expect(attemptKeys('ada@example.com', [{ id: '7' }, { id: '9' }], null)).toEqual([
      { key: 'user:7', userId: '7' },
      { key: 'user:9', userId: '9' },
    ]);
    expect(attemptKeys('ada@example.com', [{ id: '7' }, { id: '9' }], { nonce: 'n', users: ['9'] })).toEqual([
      { key: 'user:7', userId: '7' },
      { key: 'device:n:9', userId: '9' },
    ]);
    // A device cookie means nothing for an email with no account.
    expect(attemptKeys('nobody@example.com', [], { nonce: 'n', users: ['9'] })).toEqual([
      { key: emailThrottleKey('nobody@example.com'), userId: null },
    ]);
  });
});
