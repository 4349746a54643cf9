import { CHOICE_TTL_SECONDS, DEVICE_TTL_SECONDS, deviceCookie, readCookie, SessionCodec, sessionCookie } from './session';

describe('login session and CSRF tokens', () => {
  const codec = new SessionCodec('k'.repeat(40));
  const now = 1_900_000_000;

  it('round-trips a signed session and refuses a forged, foreign or expired one', () => {
    const session = codec.loggedIn({ userId: '7', companyId: '3' }, now);
    const value = codec.encode(session);
    expect(codec.decode(value, now)).toEqual(session);
    const [payload, mac] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ ...session, userId: '8' })).toString('base64url');
    expect(codec.decode(`${forged}.${mac}`, now)).toBeNull();
    expect(codec.decode(`${payload}.${mac}x`, now)).toBeNull();
    expect(new SessionCodec('j'.repeat(40)).decode(value, now)).toBeNull();
    expect(codec.decode(value, session.exp)).toBeNull();
    expect(codec.decode(undefined, now)).toBeNull();
    expect(codec.decode('garbage', now)).toBeNull();
  });

  it('binds CSRF tokens to the session and the form', () => {
    const session = codec.anonymous(now);
    const token = codec.csrfToken(session, 'login');
    expect(codec.csrfValid(session, 'login', token)).toBe(true);
    expect(codec.csrfValid(session, 'consent', token)).toBe(false);
    expect(codec.csrfValid(codec.anonymous(now), 'login', token)).toBe(false);
    expect(codec.csrfValid(session, 'login', undefined)).toBe(false);
    expect(codec.csrfValid(null, 'login', token)).toBe(false);
  });

  it('reads and writes the cookie with HttpOnly, SameSite=Lax and Secure behind https', () => {
    expect(readCookie('a=1; suite_auth_session=abc.def; b=2', 'suite_auth_session')).toBe('abc.def');
    expect(readCookie('a=1', 'suite_auth_session')).toBeUndefined();
    expect(sessionCookie('v', { secure: true, maxAgeSeconds: 60 })).toBe(
      'suite_auth_session=v; Path=/login; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(sessionCookie('v', { secure: false, maxAgeSeconds: 60 })).not.toContain('Secure');
  });

  it('seals a device cookie naming the accounts the browser opened: forged, expired or session values are no device', () => {
    const { value, nonce } = codec.device(['7', '9'], now);
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(codec.deviceClaim(value, now)).toEqual({ users: ['7', '9'], nonce, exp: now + DEVICE_TTL_SECONDS });
    expect(codec.deviceClaim(value, now + DEVICE_TTL_SECONDS)).toBeNull();
    expect(new SessionCodec('j'.repeat(40)).deviceClaim(value, now)).toBeNull();
    const [payload, mac] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ users: ['7', '8'], nonce, exp: now + 60 })).toString('base64url');
    expect(codec.deviceClaim(`${forged}.${mac}`, now)).toBeNull();
    expect(codec.deviceClaim(`${payload}.${mac}`, now)?.users).toEqual(['7', '9']);
    // A session cookie is sealed for another purpose, whatever its fields say.
    const session = codec.encode({ sid: 's', exp: now + 60, users: ['7'], nonce: 'n' } as never);
    expect(codec.deviceClaim(session, now)).toBeNull();
    expect(codec.decode(value, now)).toBeNull();
    expect(codec.deviceClaim(undefined, now)).toBeNull();
  });

  it('holds a pending company choice in a fresh session, for five minutes, never beside a signed-in user', () => {
    const before = codec.anonymous(now);
    const accounts = [
      { userId: '7', companyId: '3' },
      { userId: '9', companyId: '4' },
    ];
    const waiting = codec.awaitingChoice(accounts, now);
    expect(waiting.sid).not.toBe(before.sid);
    expect(waiting.userId).toBeUndefined();
    const opened = codec.decode(codec.encode(waiting), now);
    expect(codec.pendingChoice(opened, now)).toEqual({
      accounts,
      nonce: expect.stringMatching(/^[\w-]{24}$/),
      exp: now + CHOICE_TTL_SECONDS,
    });
    expect(codec.pendingChoice(opened, now + CHOICE_TTL_SECONDS)).toBeNull();
    expect(codec.awaitingChoice(accounts, now).choice!.nonce).not.toBe(waiting.choice!.nonce);
    expect(codec.pendingChoice(before, now)).toBeNull();
    expect(codec.pendingChoice(null, now)).toBeNull();
    expect(codec.pendingChoice({ ...codec.loggedIn(accounts[0]!, now), choice: waiting.choice }, now)).toBeNull();
    // The choice's CSRF token is the choose form's alone.
    const token = codec.csrfToken(waiting, 'choose');
    expect(codec.csrfValid(waiting, 'choose', token)).toBe(true);
    expect(codec.csrfValid(waiting, 'login', token)).toBe(false);
    expect(codec.csrfValid(before, 'choose', token)).toBe(false);
  });

  it('writes the device cookie HttpOnly and SameSite=Strict for 90 days', () => {
    expect(deviceCookie('v', { secure: true })).toBe(
      `suite_auth_device=v; Path=/login; Max-Age=${90 * 24 * 3600}; HttpOnly; SameSite=Strict; Secure`,
    );
  });
});
