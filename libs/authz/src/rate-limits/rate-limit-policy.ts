import type { BaseEnvironment } from '@suite/config';
import type { RateLimitClassName } from '@suite/http';
import type { Principal } from '../principal';

/**
 * One class's token buckets, in requests per minute. Each bucket holds that many (the burst) and
 * refills at that many a minute. A request spends one token of its credential's bucket AND one of
 * its company's: the credential's keeps one runaway script from taking the whole company's budget,
 * the company's keeps a company from multiplying its budget by minting credentials.
 */
export interface RateLimitBudget {
  readonly perCredential: number;
  readonly perCompany: number;
}

/**
 * An app's budgets for each class of request (RATE_LIMIT_CLASSES, libs/http): `send` on routes
 * marked `@RateLimitClass('send')`, `read` for GET and HEAD, `write` for the rest. Each class has
 * its own buckets, so a burst of reads never holds up a send.
 */
export type RateLimitPolicy = { readonly [C in RateLimitClassName]: RateLimitBudget };

/** An app's budgets: its documented defaults, each replaced by its RATE_LIMIT_* variable when set. */
export function rateLimitPolicyOf(defaults: RateLimitPolicy, env: Partial<BaseEnvironment>): RateLimitPolicy {
  const pick = (value: number | undefined, fallback: number) => value ?? fallback;
  return {
    send: {
      perCredential: pick(env.RATE_LIMIT_SEND_PER_MINUTE, defaults.send.perCredential),
      perCompany: pick(env.RATE_LIMIT_SEND_COMPANY_PER_MINUTE, defaults.send.perCompany),
    },
    read: {
      perCredential: pick(env.RATE_LIMIT_READ_PER_MINUTE, defaults.read.perCredential),
      perCompany: pick(env.RATE_LIMIT_READ_COMPANY_PER_MINUTE, defaults.read.perCompany),
    },
    write: {
      perCredential: pick(env.RATE_LIMIT_WRITE_PER_MINUTE, defaults.write.perCredential),
      perCompany: pick(env.RATE_LIMIT_WRITE_COMPANY_PER_MINUTE, defaults.write.perCompany),
    },
  };
}

/**
 * Who owns the credential bucket. An access token's `jti` changes with every refresh, so tokens
 * are counted per grant (`sid`, which survives refreshes); an API key or personal access token
 * is its own credential.
 */
export function credentialKeyOf(principal: Principal): string {
  return principal.via === 'access_token'
    ? `grant:${principal.grantId ?? principal.credentialId}`
    : `${principal.via}:${principal.credentialId}`;
}
