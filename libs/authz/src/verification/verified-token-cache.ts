import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';

/** Tokens remembered at most; when full, the older half goes (a Map iterates in insertion order). */
const LIMIT = 10_000;

/**
 * Access tokens whose signature and claims were verified, so a client sending the same token on
 * every request pays the signature check once per process, not per request (it was about 8 % of
 * a platform list request's CPU, bench:crm). Only what cannot change is remembered: the
 * signature, `iss`, `aud`, `typ`. Expiry is checked on every hit against the clock, and the
 * replica checks — user active, grant not revoked, admin of a login-as token active — still run
 * per request. Keyed by the token's SHA-256, so the process holds no usable token. A key removed
 * from auth's key set stops new tokens at once; tokens already verified with it live out their
 * lifetime (minutes).
 */
export class VerifiedTokenCache {
  private readonly verified = new Map<string, JWTPayload>();

  /** The payload of a token verified before and not yet expired at `now` (with `toleranceSeconds` of skew), else null. */
  get(token: string, now: Date, toleranceSeconds: number): JWTPayload | null {
    const key = digest(token);
    const payload = this.verified.get(key);
    if (!payload) return null;
    const seconds = now.getTime() / 1000;
    if (typeof payload.exp !== 'number' || payload.exp + toleranceSeconds <= seconds) {
      this.verified.delete(key);
      return null;
    }
    return payload;
  }

  remember(token: string, payload: JWTPayload): void {
    if (this.verified.size >= LIMIT) {
      let drop = LIMIT / 2;
      for (const key of this.verified.keys()) {
        this.verified.delete(key);
        if (--drop === 0) break;
      }
    }
    this.verified.set(digest(token), payload);
  }
}

const digest = (token: string): string => createHash('sha256').update(token).digest('base64');
