import { readCookie, SessionCodec, sessionCookie } from './session';

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
    expect(sessionCookie('v', { secure: true, maxAgeSeconds: 60 })).toBe('suite_auth_session=v; Path=/login; Max-Age=60; HttpOnly; SameSite=Lax; Secure');
    expect(sessionCookie('v', { secure: false, maxAgeSeconds: 60 })).not.toContain('Secure');
  });
});
