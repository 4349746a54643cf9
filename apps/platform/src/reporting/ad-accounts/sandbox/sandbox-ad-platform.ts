import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '@suite/time';
import { localDateAt, nextLocalDate } from '../../../shared/local-day';
import type { AdProvider } from '../ad-provider';
import {
  AdConsentRefusedError,
  AdPlatformUnavailableError,
  type AdAccess,
  type AdAccountDetails,
  type AdGrantTokens,
  type AdPlatform,
  type ConsentRequest,
  type DailySpend,
  type ReadableAdAccount,
} from '../ad-platform.port';
import { READ_SCOPES } from '../connect/consent-scopes';

const NAMES: Record<AdProvider, string> = { facebook: 'Sandbox Facebook Ads', google: 'Sandbox Google Ads' };

/** The most days one question may span (the platform asks for 90 at most). */
const MAX_DAYS = 400;

/** The sandbox's consent page (a platform route, mounted only with the sandbox): `<public URL>` + this + provider. */
export const SANDBOX_CONSENT_PATH = '/api/sandbox/ad-consent';
/** The client id the sandbox's consent page expects, as a real provider expects the app's. */
export const sandboxClientId = (provider: AdProvider): string => `sandbox-${provider}-app`;
/** Codes the sandbox's consent page hands out start with this; the sandbox redeems no other. */
export const SANDBOX_CODE_PREFIX = 'sandbox-code-';

/** What a sandbox grant lists as readable (it reads any other account id too: docs/ad-accounts.md). */
const LISTED: Record<AdProvider, readonly string[]> = {
  facebook: ['act_1234567890', 'act_2345678901'],
  google: ['123-456-7890', '912-345-6789'],
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * The built-in ad platform (PLATFORM_AD_PLATFORM=sandbox), deterministic so tests and demos can
 * predict every answer (docs/ad-accounts.md):
 * - an account id ending in `0000` is unknown (lookup answers null);
 * - an account is named `Sandbox Facebook Ads <id>` / `Sandbox Google Ads <id>`, in USD and
 *   America/New_York, except Google ids starting with `9`: EUR and Europe/Berlin;
 * - an account id ending in `9999` exists but its spend never comes (unavailable: never synced);
 * - the spend of a day is 20.00 + (the first 4 bytes of sha256(`<provider>:<id>:<day>`) read as a
 *   big-endian uint32, mod 10000) / 100: 20.00 to 119.99; days are the account's, and never one
 *   after its today;
 * - connecting needs no grant; its consent flow (a page of the platform that approves at once)
 *   exists so the connect routes work end to end, and its grant lists two accounts a provider.
 */
export class SandboxAdPlatform implements AdPlatform {
  readonly connectsWithoutGrant = true;

  constructor(
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  offers(_provider: AdProvider): boolean {
    return true;
  }

  consentUrl(provider: AdProvider, request: ConsentRequest): string {
    const query = new URLSearchParams({
      client_id: sandboxClientId(provider),
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: READ_SCOPES[provider],
      state: request.state,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    });
    return `${this.publicUrl}${SANDBOX_CONSENT_PATH}/${provider}?${query.toString()}`;
  }

  async redeemCode(provider: AdProvider, code: string, _redirectUri: string, _codeVerifier: string): Promise<AdGrantTokens> {
    if (!code.startsWith(SANDBOX_CODE_PREFIX)) throw new AdConsentRefusedError('The sandbox did not issue this code.');
    return this.tokens(provider);
  }

  async refreshGrant(provider: AdProvider, _tokens: AdGrantTokens): Promise<AdGrantTokens> {
    return this.tokens(provider);
  }

  async readableAccounts(provider: AdProvider, _access: AdAccess): Promise<ReadableAdAccount[]> {
    return LISTED[provider].map((accountId) => ({ accountId, ...sandboxAccount(provider, accountId) }));
  }

  async lookupAccount(provider: AdProvider, accountId: string, _access: AdAccess | null): Promise<AdAccountDetails | null> {
    if (accountId.endsWith('0000')) return null;
    return sandboxAccount(provider, accountId);
  }

  async dailySpend(
    provider: AdProvider,
    accountId: string,
    from: string,
    to: string,
    _access: AdAccess | null,
  ): Promise<DailySpend[]> {
    if (accountId.endsWith('9999')) throw new AdPlatformUnavailableError(`The sandbox ${provider} reporting API is unavailable.`);
    if (accountId.endsWith('0000')) return [];
    const { currency, timeZone } = sandboxAccount(provider, accountId);
    const today = localDateAt(this.clock.now().getTime(), timeZone);
    const last = to < today ? to : today;
    const days: DailySpend[] = [];
    for (let day = from; day <= last && days.length < MAX_DAYS; day = nextLocalDate(day)) {
      days.push({ day, amount: sandboxDailyAmount(provider, accountId, day), currency });
    }
    return days;
  }

  /** Google's access tokens last an hour and refresh; Meta's long-lived one about 60 days. */
  private tokens(provider: AdProvider): AdGrantTokens {
    const now = this.clock.now().getTime();
    const lifetime = provider === 'google' ? HOUR_MS : 60 * 24 * HOUR_MS;
    return {
      accessToken: `sandbox-access-${randomBytes(12).toString('base64url')}`,
      refreshToken: provider === 'google' ? `sandbox-refresh-${randomBytes(12).toString('base64url')}` : null,
      expiresAt: new Date(now + lifetime),
      refreshAfter: new Date(now + lifetime / 2),
      scope: READ_SCOPES[provider],
    };
  }
}

/** A sandbox account's name, currency and time zone. */
export function sandboxAccount(provider: AdProvider, accountId: string): AdAccountDetails {
  const european = provider === 'google' && accountId.startsWith('9');
  return {
    name: `${NAMES[provider]} ${accountId}`,
    currency: european ? 'EUR' : 'USD',
    timeZone: european ? 'Europe/Berlin' : 'America/New_York',
  };
}

/** The sandbox's spend of one day: 20.00–119.99, from a hash of the provider, account and day. */
export function sandboxDailyAmount(provider: AdProvider, accountId: string, day: string): number {
  const hash = createHash('sha256').update(`${provider}:${accountId}:${day}`).digest();
  return (2000 + (hash.readUInt32BE(0) % 10_000)) / 100;
}
