import type { AdProvider } from './ad-provider';

/**
 * The ad platforms (Facebook Ads, Google Ads) as the platform's domain sees them: a company's user
 * consents at the provider (OAuth), the grant lists the accounts that user may read, and an
 * account's name, currency, time zone and spend per day are read with it. Adapters live in
 * `apps/platform/src/reporting/ad-accounts/<name>/` and are chosen by PLATFORM_AD_PLATFORM
 * (ad-platform.module.ts); the built-in `sandbox` answers deterministically and needs no grant
 * (docs/ad-accounts.md). The domain never imports an adapter.
 */
export interface AdPlatform {
  /**
   * Whether an account may be connected without a grant of the company that can read it. Only the
   * sandbox (its accounts are anyone's to read); a live adapter reads nothing without a grant.
   */
  readonly connectsWithoutGrant: boolean;

  /** Whether the provider is configured (a live platform may run with Meta only, or Google only). */
  offers(provider: AdProvider): boolean;

  /** The provider's consent page: the browser goes there, and comes back to `redirectUri` with a code and the state. */
  consentUrl(provider: AdProvider, request: ConsentRequest): string;

  /** The grant the consent's code stands for. Throws AdConsentRefusedError when the provider refuses the code. */
  redeemCode(provider: AdProvider, code: string, redirectUri: string, codeVerifier: string): Promise<AdGrantTokens>;

  /** New tokens for a grant due for it (`refreshAfter` passed). Throws AdGrantRevokedError when the provider refuses. */
  refreshGrant(provider: AdProvider, tokens: AdGrantTokens): Promise<AdGrantTokens>;

  /** The ad accounts the grant's user may read (the provider's list, at most a few hundred). */
  readableAccounts(provider: AdProvider, access: AdAccess): Promise<ReadableAdAccount[]>;

  /**
   * The account as the provider knows it; null when the provider has no such account or the grant
   * cannot read it (both look the same from outside, on purpose).
   */
  lookupAccount(provider: AdProvider, accountId: string, access: AdAccess | null): Promise<AdAccountDetails | null>;

  /**
   * The account's spend per day over the days `from`..`to` (inclusive, `Y-m-d`) of the account's
   * own time zone (providers report in it; the days are stored as reported). Days without spend may
   * be left out; days after the account's today are never reported. Throws
   * AdPlatformUnavailableError (or AdPlatformThrottledError) when the provider cannot answer now,
   * AdAccountUnreadableError when the grant can no longer read the account, AdGrantRevokedError when
   * the grant itself is gone.
   */
  dailySpend(provider: AdProvider, accountId: string, from: string, to: string, access: AdAccess | null): Promise<DailySpend[]>;
}

export const AD_PLATFORM = Symbol('AD_PLATFORM');

/** What the browser's trip to the consent page carries (RFC 6749 §4.1.1, PKCE S256 of RFC 7636). */
export interface ConsentRequest {
  state: string;
  redirectUri: string;
  codeChallenge: string;
}

/** A grant's tokens as the provider issued them (the platform stores them sealed). */
export interface AdGrantTokens {
  accessToken: string;
  /** Google's; Meta issues none (its long-lived token is exchanged again instead). */
  refreshToken: string | null;
  /** When the access token stops working, as the provider said; null when it did not say. */
  expiresAt: Date | null;
  /** When to ask for new tokens (a margin before `expiresAt`); null: never. */
  refreshAfter: Date | null;
  /** The scopes granted, space-separated. */
  scope: string;
}

/** What reading with a grant needs. */
export interface AdAccess {
  accessToken: string;
}

export interface AdAccountDetails {
  name: string;
  /** ISO 4217, upper case. */
  currency: string;
  /** IANA time zone the provider reports the account's days in. */
  timeZone: string;
}

export interface ReadableAdAccount extends AdAccountDetails {
  /** As the platform writes it: `act_…`, `123-456-7890`. */
  accountId: string;
}

export interface DailySpend {
  /** `Y-m-d`, a day of the account's time zone. */
  day: string;
  /** In the currency's major unit, two decimals. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

/** What the ad platform's answers mean to the platform; each kind is its own class, named after itself. */
export class AdPlatformError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The provider cannot answer now (outage, timeout): a transient failure, try again later. */
export class AdPlatformUnavailableError extends AdPlatformError {}

/** The provider asks the platform to slow down (Meta's error 17/80004, Google's RESOURCE_EXHAUSTED): ask again after `retryAfterMs`. */
export class AdPlatformThrottledError extends AdPlatformUnavailableError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** The grant no longer works (revoked by the user, expired, password changed): the company must connect again. */
export class AdGrantRevokedError extends AdPlatformError {}

/** The grant works, but no longer reads this account (the user lost access to it). */
export class AdAccountUnreadableError extends AdPlatformError {}

/** The provider refused the consent's code (used, expired, or for another redirect URI), or the scope was not granted. */
export class AdConsentRefusedError extends AdPlatformError {}

/** The access token stopped working before its time (Google's 401): a refresh may cure it, once. */
export class AdAccessExpiredError extends AdPlatformError {}
