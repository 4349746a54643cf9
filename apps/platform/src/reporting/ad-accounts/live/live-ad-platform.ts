import {
  AdGrantRevokedError,
  type AdAccess,
  type AdAccountDetails,
  type AdGrantTokens,
  type AdPlatform,
  type ConsentRequest,
  type DailySpend,
  type ReadableAdAccount,
} from '../ad-platform.port';
import { AD_CHANNEL_LABELS, type AdProvider } from '../ad-provider';
import type { ProviderAds } from './provider-ads';

/**
 * PLATFORM_AD_PLATFORM=live: Meta's Marketing API and the Google Ads API, each read with the
 * company's own grant (decision 0043). A provider without credentials is not offered (its
 * connect route is 404); nothing is read without a grant.
 */
export class LiveAdPlatform implements AdPlatform {
  readonly connectsWithoutGrant = false;

  constructor(private readonly providers: Partial<Record<AdProvider, ProviderAds>>) {}

  offers(provider: AdProvider): boolean {
    return this.providers[provider] !== undefined;
  }

  consentUrl(provider: AdProvider, request: ConsentRequest): string {
    return this.of(provider).consentUrl(request);
  }

  redeemCode(provider: AdProvider, code: string, redirectUri: string, codeVerifier: string): Promise<AdGrantTokens> {
    return this.of(provider).redeemCode(code, redirectUri, codeVerifier);
  }

  refreshGrant(provider: AdProvider, tokens: AdGrantTokens): Promise<AdGrantTokens> {
    return this.of(provider).refreshGrant(tokens);
  }

  readableAccounts(provider: AdProvider, access: AdAccess): Promise<ReadableAdAccount[]> {
    return this.of(provider).readableAccounts(access);
  }

  lookupAccount(provider: AdProvider, accountId: string, access: AdAccess | null): Promise<AdAccountDetails | null> {
    return this.of(provider).lookupAccount(accountId, this.granted(provider, access));
  }

  dailySpend(provider: AdProvider, accountId: string, from: string, to: string, access: AdAccess | null): Promise<DailySpend[]> {
    return this.of(provider).dailySpend(accountId, from, to, this.granted(provider, access));
  }

  private of(provider: AdProvider): ProviderAds {
    const ads = this.providers[provider];
    if (!ads) throw new Error(`${AD_CHANNEL_LABELS[provider]} is not configured`);
    return ads;
  }

  private granted(provider: AdProvider, access: AdAccess | null): AdAccess {
    if (!access) throw new AdGrantRevokedError(`No ${AD_CHANNEL_LABELS[provider]} grant.`);
    return access;
  }
}
