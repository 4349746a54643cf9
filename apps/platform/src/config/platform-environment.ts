import { IsIn, IsInt, IsOptional, IsUrl, Max, Min, MinLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { Secret } from '@suite/config';
import {
  AdProviderCredential,
  IsBaseUrl,
  IsPreviousSecretsKeys,
  isSecretsKey,
  RequiredWithLiveAds,
} from './ad-platform-variables';
import { AD_PLATFORM_NAMES } from './ad-platform-registry';
import { MIN_SECRETS_KEY_LENGTH } from '../shared/secrets/secret-box';
import { PlatformIdCodec } from '../ids/platform-id.codec';
import { VoiceEnvironment } from './voice-environment';

/** A 32-byte key written as base64 or base64url. */
function IsBase64Key32(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isBase64Key32',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must be 32 bytes, base64-encoded`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && PlatformIdCodec.parseKey(value) !== null },
    });
}

/**
 * Platform's environment: the shared variables, the id encryption key, and each feature's slice
 * (the voice provider's in voice-environment.ts, the ad platforms' checks in ad-platform-variables.ts).
 */
export class PlatformEnvironment extends VoiceEnvironment {
  override PORT = 3003;

  /**
   * AES-256-GCM key for encrypted path ids (`enc_…`): 32 bytes, base64. The embedded launcher
   * generates one into `.data/`; set it in production (a Kubernetes Secret). Unset, encrypted
   * ids are refused (404) while numeric and base64 ids keep working, so tools and tests that boot
   * the platform without it still run.
   */
  @IsOptional()
  @Secret()
  @IsBase64Key32()
  PLATFORM_ID_ENCRYPTION_KEY?: string;

  /**
   * Where the platform reaches auth's token endpoint for login-as (RFC 8693 exchange, HTTP —
   * never Kafka): auth's internal address, a Kubernetes Service say. Unset means AUTH_ISSUER.
   * The call is authenticated with INTERNAL_API_TOKEN; without it login-as answers 503.
   */
  @IsOptional()
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'AUTH_INTERNAL_URL must be an http(s) URL' },
  )
  AUTH_INTERNAL_URL?: string;

  /**
   * The HMAC key of phone-number purchase tokens (search → purchase), at least 32 characters.
   * The embedded launcher generates one into `.data/`; set it in production, the same on every
   * replica. Unset, each process signs with a random key of its own (a warning says so): tokens
   * then fail after a restart or on another replica.
   */
  @IsOptional()
  @Secret()
  @MinLength(32, { message: 'PLATFORM_PURCHASE_TOKEN_SECRET must be at least 32 characters' })
  PLATFORM_PURCHASE_TOKEN_SECRET?: string;

  /**
   * Seconds between two scheduled reputation checks of one spam-protected number (a day by
   * default); from a minute to 30 days. On-demand checks do not move the schedule.
   */
  @IsInt()
  @Min(60)
  @Max(2_592_000)
  PLATFORM_REPUTATION_CHECK_INTERVAL_SECONDS: number = 86_400;

  /**
   * The workflows' loop guard: how many runs one contact may start of one workflow within 30
   * minutes; past it a start is refused and logged as a `skipped` run (a workflow that tags a
   * contact and triggers on that tag cannot spin forever).
   */
  @IsInt()
  @Min(1)
  @Max(10_000)
  PLATFORM_WORKFLOW_LOOP_GUARD_MAX: number = 50;

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

  // PLATFORM_PUBLIC_URL (the consent callbacks' base) is declared once, in VoiceEnvironment.

  // ---- end of the ad platforms ----

  /**
   * Call-history exports streaming at once per replica: each holds a pooled connection for as long
   * as its client reads (DATABASE_POOL_SIZE is shared with everything else); one more is a 429.
   */
  @IsInt()
  @Min(1)
  @Max(50)
  PLATFORM_EXPORT_CONCURRENCY: number = 2;

  /** Sandbox: real time between the simulated steps of a placed call (started → answered → … → ended). */
  @IsInt()
  @Min(0)
  @Max(60_000)
  PLATFORM_SANDBOX_CALL_STEP_MS: number = 1000;
}

/** The platform's public address without a trailing slash (PLATFORM_PUBLIC_URL, else its own loopback address). */
export const publicUrlOf = (env: Pick<PlatformEnvironment, 'PLATFORM_PUBLIC_URL' | 'PORT'>): string =>
  (env.PLATFORM_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, '');

/** Auth's base URL for service-to-service calls, without a trailing slash. */
export const authInternalUrlOf = (env: Pick<PlatformEnvironment, 'AUTH_INTERNAL_URL' | 'AUTH_ISSUER'>): string =>
  (env.AUTH_INTERNAL_URL ?? env.AUTH_ISSUER).replace(/\/+$/, '');
