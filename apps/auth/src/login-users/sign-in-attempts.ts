import { Injectable } from '@nestjs/common';
import { attemptKeys } from './login-throttle';
import { LoginThrottleService } from './login-throttle.service';
import { LoginUsersService, type LoginIdentity } from './login-users.service';

export type SignInOutcome =
  { kind: 'opened'; accounts: LoginIdentity[] } | { kind: 'wrong' } | { kind: 'locked'; retryAfterSeconds: number };

/**
 * One sign-in attempt with email and password, throttled per account (decisions 0021, 0037):
 * every account of the email counts the attempt on its own key (or this browser's own allowance
 * for the accounts it signed in to before; an unknown email on the email's key), a locked account
 * is left out, the others are verified. The accounts the password opened forget their failures;
 * the others take back the failure this attempt counted on them in advance (one password that
 * opens one account is no guess at the others) — so signing in to one company never locks the
 * person's other accounts, and knowing one company's password buys no extra guesses at another's.
 */
@Injectable()
export class SignInAttempts {
  constructor(
    private readonly users: LoginUsersService,
    private readonly throttle: LoginThrottleService,
  ) {}

  async attempt(
    email: string,
    password: string,
    device: { nonce: string; users: readonly string[] } | null,
  ): Promise<SignInOutcome> {
    const accounts = await this.users.accountsOf(email);
    const keys = attemptKeys(email, accounts, device);
    const admissions = await this.throttle.attempt(keys.map(({ key }) => key));
    const waits = [...admissions.values()].flatMap((admission) => (admission.admitted ? [] : [admission.retryAfterSeconds]));
    // The soonest moment an account of the email takes attempts again.
    const locked: SignInOutcome = { kind: 'locked', retryAfterSeconds: Math.min(...waits) };
    const admitted = keys.flatMap(({ key, userId }) => {
      const admission = admissions.get(key);
      return admission?.admitted ? [{ key, userId, counted: admission.next }] : [];
    });
    if (admitted.length === 0) return locked;

    const opened = await this.users.verifyAccounts(
      accounts.filter((account) => admitted.some(({ userId }) => userId === account.id)),
      password,
    );
    // A locked account may be the one this password was for: say so rather than "not correct".
    if (opened.length === 0) return waits.length > 0 ? locked : { kind: 'wrong' };
    const openedIds = new Set(opened.map((account) => account.userId));
    await this.throttle.succeeded(admitted.filter(({ userId }) => openedIds.has(userId!)).map(({ key }) => key));
    // The same password tried on the email's other accounts was no guess at them.
    for (const { key, userId, counted } of admitted) if (!openedIds.has(userId!)) await this.throttle.refund(key, counted);
    return { kind: 'opened', accounts: opened };
  }
}
