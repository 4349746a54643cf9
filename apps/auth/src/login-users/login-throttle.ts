import { createHash } from 'node:crypto';
import { normalizeEmail } from '@suite/contracts';
import { exponentialBackoffMs } from '@suite/runtime';

/**
 * Sign-in attempts per account across every address (decision 0021). The numbers:
 * - the 5th failure in a row locks for 1 s, and every further failure doubles the lock (2 s,
 *   4 s … 256 s), capped at 5 minutes: a user who mistypes a few times barely notices, while
 *   guessing slows to about one password per 5 minutes for everybody together;
 * - failures are forgotten when none came for 15 minutes, and at once on a successful sign-in;
 * - a locked key refuses attempts without counting them, so hammering a lock does not make it
 *   longer: only one admitted failure after the lock ends does.
 */
export const LOGIN_THROTTLE = {
  lockFromFailure: 5,
  firstLockMs: 1_000,
  maxLockMs: 5 * 60_000,
  forgetAfterMs: 15 * 60_000,
} as const;

export type LoginThrottlePolicy = typeof LOGIN_THROTTLE;

export interface ThrottleState {
  /** Attempts counted since the count last started (each admitted attempt, until a success forgets it). */
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

export type Admission = { admitted: true; next: ThrottleState } | { admitted: false; retryAfterSeconds: number };

/**
 * Admits one attempt or refuses it while the key is locked. An admitted attempt is counted as a
 * failure **before** the password is checked (and forgotten if it was right): concurrent attempts
 * on several replicas then cannot all slip through the moment a lock ends.
 */
export function admitAttempt(state: ThrottleState | null, now: Date, policy: LoginThrottlePolicy = LOGIN_THROTTLE): Admission {
  if (state?.lockedUntil && state.lockedUntil > now) {
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000)) };
  }
  const fresh = !state || now.getTime() - state.lastFailureAt.getTime() >= policy.forgetAfterMs;
  const failures = fresh ? 1 : state.failures + 1;
  const lockMs =
    failures < policy.lockFromFailure
      ? 0
      : exponentialBackoffMs(failures - policy.lockFromFailure + 1, { baseMs: policy.firstLockMs, maxMs: policy.maxLockMs });
  return {
    admitted: true,
    next: { failures, lastFailureAt: now, lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null },
  };
}

/**
 * The throttle key of the account an email names: the same for an email no user has, so an
 * unknown email is answered exactly like a known one. A digest, so the table keeps no address.
 */
export const accountThrottleKey = (email: string): string =>
  `account:${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

/** The throttle key of one browser that signed in to the account before (its device cookie's nonce). */
export const deviceThrottleKey = (nonce: string): string => `device:${nonce}`;
