import { DEVICE_TTL_SECONDS, deviceCookie, readCookie, SessionCodec, sessionCookie } from './session';

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

  it('seals a device cookie for one account: foreign, forged, expired or session values are no device', () => {
    const { value, nonce } = codec.device('account:aa', now);
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(codec.deviceNonce(value, 'account:aa', now)).toBe(nonce);
    expect(codec.deviceNonce(value, 'account:bb', now)).toBeNull();
    expect(codec.deviceNonce(value, 'account:aa', now + DEVICE_TTL_SECONDS)).toBeNull();
    expect(new SessionCodec('j'.repeat(40)).deviceNonce(value, 'account:aa', now)).toBeNull();
    const [payload, mac] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ account: 'account:bb', nonce, exp: now + 60 })).toString('base64url');
    expect(codec.deviceNonce(`${forged}.${mac}`, 'account:bb', now)).toBeNull();
    expect(codec.deviceNonce(`${payload}.${mac}`, 'account:aa', now)).toBe(nonce);
    // A session cookie is sealed for another purpose, whatever its fields say.
    const session = codec.encode({ sid: 's', exp: now + 60, account: 'account:aa', nonce: 'n' } as never);
    expect(codec.deviceNonce(session, 'account:aa', now)).toBeNull();
    expect(codec.decode(value, now)).toBeNull();
    expect(codec.deviceNonce(undefined, 'account:aa', now)).toBeNull();
  });

  it('writes the device cookie HttpOnly and SameSite=Strict for 90 days', () => {
    expect(deviceCookie('v', { secure: true })).toBe(
      `suite_auth_device=v; Path=/login; Max-Age=${90 * 24 * 3600}; HttpOnly; SameSite=Strict; Secure`,
    );
  });
});
