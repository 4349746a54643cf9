import type { AdProvider } from './ad-provider';

/**
 * The ad platforms (Facebook Ads, Google Ads) as the platform's domain sees them: an account's
 * name and currency, and its spend per day. Adapters live in `apps/platform/src/ad-accounts/<name>/`
 * and are chosen by PLATFORM_AD_PLATFORM (ad-platform.module.ts); the built-in `sandbox` answers
 * deterministically (docs/ad-accounts.md). The domain never imports an adapter.
 */
export interface AdPlatform {
  /** The account as the provider knows it; null when the provider has no such account (or it is not ours to read). */
  lookupAccount(provider: AdProvider, accountId: string): Promise<AdAccountDetails | null>;

  /**
   * The account's spend per day over the days `from`..`to` (inclusive, `Y-m-d`), counted in
   * `timeZone` (the company's: the days stored are the company's local days). Days without spend
   * may be left out; days after today (in `timeZone`) are never reported. Throws
   * AdPlatformUnavailableError when the provider cannot answer now (try again later).
   */
  dailySpend(provider: AdProvider, accountId: string, from: string, to: string, timeZone: string): Promise<DailySpend[]>;
}

export const AD_PLATFORM = Symbol('AD_PLATFORM');

export interface AdAccountDetails {
  name: string;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface DailySpend {
  /** `Y-m-d`, a local day in the time zone asked. */
  day: string;
  /** In the currency's major unit, two decimals. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

/** The provider cannot answer now (outage, throttling, timeout): a transient failure, try again later. */
export class AdPlatformUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdPlatformUnavailableError';
  }
}
