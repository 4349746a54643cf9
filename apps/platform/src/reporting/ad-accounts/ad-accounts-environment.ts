import { IsIn, IsInt, Max, Min } from 'class-validator';
import { Secret } from '@suite/config';
import { PublicUrl } from '../../shared/public-url';
import { MIN_SECRETS_KEY_LENGTH } from '../../shared/secrets/secret-box';
import { AD_PLATFORM_NAMES } from './ad-platform-registry';
import {
  AdProviderCredential,
  IsBaseUrl,
  IsPreviousSecretsKeys,
  isSecretsKey,
  RequiredWithLiveAds,
} from './ad-platform-variables';

/**
 * The ad accounts' slice of the platform's environment (docs/ad-accounts.md; decision 0062): which
 * adapter runs, the spend sync's pace, and, live, each provider's credentials and addresses, the
 * key that seals their tokens and the public address their consent callbacks come back to.
 */
export class AdAccountsEnvironment {
  /** Which ad-platform adapter reads ad accounts and their spend; `sandbox` simulates Facebook and Google Ads (docs/ad-accounts.md). */
  @IsIn(AD_PLATFORM_NAMES, { message: `PLATFORM_AD_PLATFORM must be one of: ${AD_PLATFORM_NAMES.join(', ')}` })
  PLATFORM_AD_PLATFORM: string = 'sandbox';

  /**
   * Seconds between two syncs of one ad account's daily spend (an hour by default); from a minute
   * to a day. Each sync re-reads the last 3 local days (providers correct recent days).
   */
  @IsInt()
  @Min(60)
  @Max(86_400)
  PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS: number = 3600;

  // ---- Ad platforms, live (docs/ad-accounts.md "Going live"): each provider configured whole or not at all ----

  /** Meta app id (Facebook Login for Business / Marketing API), digits; with META_APP_SECRET. */
  @AdProviderCredential('facebook', /^[0-9]{1,32}$/, 'the app id: digits')
  META_APP_ID?: string;

  @Secret()
  @AdProviderCredential('facebook', /^[\x21-\x7e]{1,255}$/, 'the app secret: 1 to 255 printable characters')
  META_APP_SECRET?: string;

  /** Graph API base (insights, ad accounts, the token endpoint). */
  @IsBaseUrl()
  META_GRAPH_URL: string = 'https://graph.facebook.com';

  /** Base of Meta's consent dialog (`/v{N}/dialog/oauth`). */
  @IsBaseUrl()
  META_OAUTH_URL: string = 'https://www.facebook.com';

  /** OAuth client id of the Google Cloud project whose Google Ads API access the platform uses. */
  @AdProviderCredential('google', /^[A-Za-z0-9._-]{1,255}$/, 'an OAuth client id (letters, digits, . _ -)')
  GOOGLE_ADS_CLIENT_ID?: string;

  @Secret()
  @AdProviderCredential('google', /^[\x21-\x7e]{1,255}$/, 'the client secret: 1 to 255 printable characters')
  GOOGLE_ADS_CLIENT_SECRET?: string;

  /** The Google Ads API developer token (test-account access until Google approves it for production). */
  @Secret()
  @AdProviderCredential('google', /^[A-Za-z0-9_-]{10,100}$/, 'a developer token: 10 to 100 letters, digits, _ or -')
  GOOGLE_ADS_DEVELOPER_TOKEN?: string;

  /** Google Ads API base (`/v{N}/customers/{id}/googleAds:searchStream`). */
  @IsBaseUrl()
  GOOGLE_ADS_API_URL: string = 'https://googleads.googleapis.com';

  /** Base of Google's authorization endpoint (`/o/oauth2/v2/auth`). */
  @IsBaseUrl()
  GOOGLE_OAUTH_URL: string = 'https://accounts.google.com';

  /** Base of Google's token endpoint (`/token`). */
  @IsBaseUrl()
  GOOGLE_TOKEN_URL: string = 'https://oauth2.googleapis.com';

  /**
   * Seals the ad platforms' tokens the platform stores (AES-256-GCM, shared/secrets/secret-box.ts):
   * at least 32 characters, the same on every replica. Required with the live ad platform; `npm
   * start` generates one into `.data/`; unset with the sandbox, a built-in key is used.
   */
  @Secret()
  @RequiredWithLiveAds(isSecretsKey, `at least ${MIN_SECRETS_KEY_LENGTH} characters`)
  PLATFORM_SECRETS_KEY?: string;

  /** Keys that sealed values before PLATFORM_SECRETS_KEY (a rotation): comma-separated, read only. */
  @Secret()
  @IsPreviousSecretsKeys()
  PLATFORM_SECRETS_PREVIOUS_KEYS?: string;

  /**
   * The platform's address as browsers reach it: the consent callbacks
   * (`<url>/api/ad-accounts/callback/{provider}`) are built under it. Required with the live ad
   * platform; unset otherwise, the app's own loopback address (`publicUrlOf`, shared/public-url.ts).
   * The voice provider reads the same variable.
   */
  @PublicUrl({ variable: 'PLATFORM_AD_PLATFORM', value: 'live' })
  PLATFORM_PUBLIC_URL?: string;
}
