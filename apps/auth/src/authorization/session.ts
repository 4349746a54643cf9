import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'suite_auth_session';
/** A login session lasts this long; after it the user logs in again. */
export const SESSION_TTL_SECONDS = 3600;

export interface LoginSession {
  /** Random session id; CSRF tokens are bound to it and it changes at login (no fixation). */
  sid: string;
  /** Set once the user has logged in. */
  userId?: string;
  companyId?: string;
  /** Unix seconds of the login. */
  authTime?: number;
  /** Unix seconds after which the session is void. */
  exp: number;
}

export type CsrfForm = 'login' | 'consent';

/**
 * The login session as a signed cookie (HMAC-SHA256 over the base64url JSON; no server state)
 * and per-form CSRF tokens derived from it: HMAC(secret, form + sid). A token for one session
 * or one form is worthless for another.
 */
export class SessionCodec {
  constructor(private readonly secret: string | Buffer) {}

  anonymous(nowSeconds: number): LoginSession {
    return { sid: randomBytes(18).toString('base64url'), exp: nowSeconds + SESSION_TTL_SECONDS };
  }

  loggedIn(identity: { userId: string; companyId: string }, nowSeconds: number): LoginSession {
    return { ...this.anonymous(nowSeconds), userId: identity.userId, companyId: identity.companyId, authTime: nowSeconds };
  }

  encode(session: LoginSession): string {
    const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
    return `${payload}.${this.mac(`session.v1.${payload}`)}`;
  }

  /** The session in a cookie value, or null when it is missing, forged, malformed or expired. */
  decode(value: string | undefined, nowSeconds: number): LoginSession | null {
    if (!value) return null;
    const dot = value.indexOf('.');
    if (dot < 1) return null;
    const payload = value.slice(0, dot);
    if (!equal(value.slice(dot + 1), this.mac(`session.v1.${payload}`))) return null;
    try {
      const session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LoginSession;
      if (typeof session.sid !== 'string' || typeof session.exp !== 'number' || session.exp <= nowSeconds) return null;
      return session;
    } catch {
      return null;
    }
  }

  csrfToken(session: LoginSession, form: CsrfForm): string {
    return this.mac(`csrf.v1.${form}.${session.sid}`);
  }

  csrfValid(session: LoginSession | null, form: CsrfForm, token: string | undefined): boolean {
    return session !== null && token !== undefined && equal(token, this.csrfToken(session, form));
  }

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Reads one cookie from a Cookie header (RFC 6265 §5.4), without a dependency. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(value: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'Path=/login',
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
