import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'suite_auth_session';
/** A login session lasts this long; after it the user logs in again. */
export const SESSION_TTL_SECONDS = 3600;
/** The browser's device cookie: it signed in to one account before (decision 0021). */
export const DEVICE_COOKIE = 'suite_auth_device';
/** A device cookie lasts this long after the last successful sign-in in that browser. */
export const DEVICE_TTL_SECONDS = 90 * 24 * 3600;

/** How long the company chooser waits for the choice after the password was verified. */
export const CHOICE_TTL_SECONDS = 300;

/** One account (a user of one company) a verified password opened. */
export interface LoginAccount {
  userId: string;
  companyId: string;
}

/**
 * The password opened several accounts of one email (decision 0037): the chooser lists exactly
 * these. It lives in the signed session, so it cannot be forged or carried to another browser,
 * and its `nonce` is redeemed once (LoginChoiceRedemptions), so it cannot be replayed.
 */
export interface PendingChoice {
  accounts: LoginAccount[];
  nonce: string;
  /** Unix seconds after which the choice is void (CHOICE_TTL_SECONDS after the password). */
  exp: number;
}

export interface LoginSession {
  /** Random session id; CSRF tokens are bound to it and it changes at login (no fixation). */
  sid: string;
  /** Set once the user has logged in. */
  userId?: string;
  companyId?: string;
  /** Unix seconds of the login. */
  authTime?: number;
  /** Set between a password that opened several accounts and the choice of one. */
  choice?: PendingChoice;
  /** Unix seconds after which the session is void. */
  exp: number;
}

export type CsrfForm = 'login' | 'consent' | 'choose';

/**
 * What a device cookie says (OWASP's "device cookies" against lockout): this browser proved the
 * password of the accounts `users` (user ids) before; `nonce` names the browser's own throttle.
 */
export interface DeviceClaim {
  users: string[];
  nonce: string;
  exp: number;
}

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

  loggedIn(identity: LoginAccount, nowSeconds: number): LoginSession {
    return { ...this.anonymous(nowSeconds), userId: identity.userId, companyId: identity.companyId, authTime: nowSeconds };
  }

  /** A fresh session (new id, as at login) waiting for the choice among `accounts`. */
  awaitingChoice(accounts: readonly LoginAccount[], nowSeconds: number): LoginSession {
    const choice: PendingChoice = {
      accounts: accounts.map(({ userId, companyId }) => ({ userId, companyId })),
      nonce: randomBytes(18).toString('base64url'),
      exp: nowSeconds + CHOICE_TTL_SECONDS,
    };
    return { ...this.anonymous(nowSeconds), choice };
  }

  /** The session's pending choice while it lasts (the session was opened by decode, so it is genuine). */
  pendingChoice(session: LoginSession | null, nowSeconds: number): PendingChoice | null {
    if (!session?.choice || session.userId) return null;
    const { choice } = session;
    if (typeof choice.nonce !== 'string' || typeof choice.exp !== 'number' || choice.exp <= nowSeconds) return null;
    return Array.isArray(choice.accounts) ? choice : null;
  }

  encode(session: LoginSession): string {
    return this.seal('session.v1', session);
  }

  /** The session in a cookie value, or null when it is missing, forged, malformed or expired. */
  decode(value: string | undefined, nowSeconds: number): LoginSession | null {
    const session = this.open<LoginSession>('session.v1', value);
    if (!session || typeof session.sid !== 'string' || typeof session.exp !== 'number' || session.exp <= nowSeconds) return null;
    return session;
  }

  /** A fresh device cookie value for a browser that has just proved the password of `userIds`; returns its nonce too. */
  device(userIds: readonly string[], nowSeconds: number): { value: string; nonce: string } {
    const claim: DeviceClaim = {
      users: [...userIds],
      nonce: randomBytes(16).toString('base64url'),
      exp: nowSeconds + DEVICE_TTL_SECONDS,
    };
    return { value: this.seal('device.v2', claim), nonce: claim.nonce };
  }

  /** A genuine, unexpired device cookie's claim; null for anything else. Which accounts it names is the caller's look-out. */
  deviceClaim(value: string | undefined, nowSeconds: number): DeviceClaim | null {
    const claim = this.open<DeviceClaim>('device.v2', value);
    if (!claim || typeof claim.nonce !== 'string' || typeof claim.exp !== 'number' || claim.exp <= nowSeconds) return null;
    if (!Array.isArray(claim.users) || !claim.users.every((user) => typeof user === 'string')) return null;
    return claim;
  }

  csrfToken(session: LoginSession, form: CsrfForm): string {
    return this.mac(`csrf.v1.${form}.${session.sid}`);
  }

  csrfValid(session: LoginSession | null, form: CsrfForm, token: string | undefined): boolean {
    return session !== null && token !== undefined && equal(token, this.csrfToken(session, form));
  }

  /** `base64url(JSON).mac`, the MAC over the purpose and the payload: a value sealed for one purpose opens for no other. */
  private seal(purpose: string, content: object): string {
    const payload = Buffer.from(JSON.stringify(content)).toString('base64url');
    return `${payload}.${this.mac(`${purpose}.${payload}`)}`;
  }

  private open<T>(purpose: string, value: string | undefined): T | null {
    if (!value) return null;
    const dot = value.indexOf('.');
    if (dot < 1) return null;
    const payload = value.slice(0, dot);
    if (!equal(value.slice(dot + 1), this.mac(`${purpose}.${payload}`))) return null;
    try {
      const content: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      return typeof content === 'object' && content !== null ? (content as T) : null;
    } catch {
      return null;
    }
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
  return cookie(SESSION_COOKIE, value, { ...options, sameSite: 'Lax' });
}

/**
 * The device cookie: SameSite=Strict, since only the login form's own post (same site) needs it,
 * never a navigation from the client's site.
 */
export function deviceCookie(value: string, options: { secure: boolean }): string {
  return cookie(DEVICE_COOKIE, value, { ...options, maxAgeSeconds: DEVICE_TTL_SECONDS, sameSite: 'Strict' });
}

function cookie(
  name: string,
  value: string,
  options: { secure: boolean; maxAgeSeconds: number; sameSite: 'Lax' | 'Strict' },
): string {
  return [
    `${name}=${value}`,
    'Path=/login',
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
