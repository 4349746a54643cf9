import { createHash } from 'node:crypto';
import { normalizeEmail } from '@suite/contracts';
import { exponentialBackoffMs } from '@suite/time';

/**
 * Sign-in attempts per account across every address (decisions 0021, 0037). The numbers:
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
 * The throttle key of an email no live account has: counted, locked and answered exactly like an
 * account's own key, so an unknown email looks like a known one. A digest, so the table keeps no
 * address.
 */
export const emailThrottleKey = (email: string): string =>
  `email:${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

/**
 * The throttle key of one account (a user of one company). Each account has its own count and
 * lock (decision 0037): a sign-in that opens one account of an email forgets that account's
 * failures only, so knowing one company's password gives no free guesses at another's.
 */
export const accountThrottleKey = (userId: string): string => `user:${userId}`;

/**
 * The throttle key of one browser on one account it signed in to before (its device cookie's
 * nonce; decision 0021): that browser's own allowance, per account like the account's.
 */
export const deviceThrottleKey = (nonce: string, userId: string): string => `device:${nonce}:${userId}`;

/** A sign-in attempt's throttle key for one account (`userId`), or for the email when it names none (null). */
export interface AttemptKey {
  key: string;
  userId: string | null;
}

/**
 * The keys one attempt counts on: each account the email names, on the browser's own allowance
 * for the accounts its device cookie names and on the account's otherwise; an email with no
 * account on its own key, so it is throttled like one account.
 */
export function attemptKeys(
  email: string,
  accounts: ReadonlyArray<{ id: string }>,
  device: { nonce: string; users: readonly string[] } | null,
): AttemptKey[] {
  if (accounts.length === 0) return [{ key: emailThrottleKey(email), userId: null }];
  return accounts.map(({ id }) => ({
    key: device?.users.includes(id) ? deviceThrottleKey(device.nonce, id) : accountThrottleKey(id),
    userId: id,
  }));
}
