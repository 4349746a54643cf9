import type { Clock } from '@suite/time';
import {
  AdAccountUnreadableError,
  AdConsentRefusedError,
  AdGrantRevokedError,
  AdPlatformUnavailableError,
  type AdAccess,
  type AdAccountDetails,
  type AdGrantTokens,
  type ConsentRequest,
  type DailySpend,
  type ReadableAdAccount,
} from '../ad-platform.port';
import { READ_SCOPES } from '../connect/consent-scopes';
import { moneyOfMicros, type ProviderAds } from '../live/provider-ads';
import { callProvider, count, field, text, type ProviderAnswer } from '../live/provider-http';
import { googleAdsErrorOf, googleAdsFailure } from './google-errors';

/** The Google Ads API version the adapter is written against (Google keeps a version about a year). */
export const GOOGLE_ADS_API_VERSION = 'v26';

/** Refresh the access token (an hour) this long before it expires. */
const REFRESH_BEFORE_MS = 5 * 60 * 1000;
/** The most customers listed for a grant (each costs one lookup). */
const MAX_CUSTOMERS = 50;

const WHO = 'Google Ads API';
const TOKEN_WHO = "Google's token endpoint";

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  developerToken: string;
  /** GOOGLE_ADS_API_URL, GOOGLE_OAUTH_URL and GOOGLE_TOKEN_URL, without trailing slashes. */
  apiUrl: string;
  oauthUrl: string;
  tokenUrl: string;
}

/** `1234567890` ↔ `123-456-7890`: the API's customer id and the way the platform (and Google's UI) writes it. */
export const customerIdOf = (accountId: string): string => accountId.replace(/-/g, '');
export const accountIdOf = (customerId: string): string =>
  `${customerId.slice(0, 3)}-${customerId.slice(3, 6)}-${customerId.slice(6)}`;

/**
 * Google Ads through its REST interface with `fetch` (no gRPC client):
 * - consent: `{GOOGLE_OAUTH_URL}/o/oauth2/v2/auth` with the `adwords` scope, offline access (a
 *   refresh token) and PKCE S256; tokens from `{GOOGLE_TOKEN_URL}/token`, refreshed five minutes
 *   before the hour is up;
 * - accounts: `customers:listAccessibleCustomers`, then each customer's name, currency and time
 *   zone (manager accounts left out: they have no spend of their own);
 * - spend: one `POST /v26/customers/{id}/googleAds:searchStream` of `metrics.cost_micros` by
 *   `segments.date` — days of the account's time zone.
 * Calls carry the user's token and GOOGLE_ADS_DEVELOPER_TOKEN.
 */
export class GoogleAds implements ProviderAds {
  constructor(
    private readonly settings: GoogleSettings,
    private readonly clock: Clock,
  ) {}

  consentUrl(request: ConsentRequest): string {
    const query = new URLSearchParams({
      client_id: this.settings.clientId,
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: READ_SCOPES.google,
      state: request.state,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    });
    return `${this.settings.oauthUrl}/o/oauth2/v2/auth?${query.toString()}`;
  }

  async redeemCode(code: string, redirectUri: string, codeVerifier: string): Promise<AdGrantTokens> {
    const answer = await this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
    if (answer.status >= 400) throw new AdConsentRefusedError(`Google refused the code: ${oauthErrorOf(answer.body)}`);
    const tokens = this.tokensOf(answer.body, null);
    if (!tokens.scope.split(' ').includes(READ_SCOPES.google)) {
      throw new AdConsentRefusedError('The Google Ads (adwords) permission was not granted.');
    }
    return tokens;
  }

  async refreshGrant(tokens: AdGrantTokens): Promise<AdGrantTokens> {
    if (!tokens.refreshToken) throw new AdGrantRevokedError('Google issued no refresh token: connect again.');
    const answer = await this.token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    if (answer.status >= 400) {
      const error = oauthErrorOf(answer.body);
      // invalid_grant: the user revoked the access, changed the password, or the token aged out. Anything else is our set-up.
      if (error.startsWith('invalid_grant')) throw new AdGrantRevokedError(`Google refused the grant: ${error}`);
      throw new AdPlatformUnavailableError(`${TOKEN_WHO} refused the refresh: ${error}`);
    }
    return this.tokensOf(answer.body, tokens.refreshToken);
  }

  async readableAccounts(access: AdAccess): Promise<ReadableAdAccount[]> {
    const answer = await this.ads(`/customers:listAccessibleCustomers`, access);
    if (answer.status >= 400) throw googleAdsFailure(googleAdsErrorOf(answer.status, answer.body));
    const names = field(answer.body, 'resourceNames');
    const customers = (Array.isArray(names) ? names : [])
      .map((name) => /^customers\/([0-9]{10})$/.exec(String(name))?.[1])
      .filter((id): id is string => id !== undefined)
      .slice(0, MAX_CUSTOMERS);
    const accounts: ReadableAdAccount[] = [];
    for (const customer of customers) {
      const details = await this.customer(customer, access);
      if (details && !details.manager) accounts.push({ accountId: accountIdOf(customer), ...details.account });
    }
    return accounts;
  }

  async lookupAccount(accountId: string, access: AdAccess): Promise<AdAccountDetails | null> {
    return (await this.customer(customerIdOf(accountId), access))?.account ?? null;
  }

  async dailySpend(accountId: string, from: string, to: string, access: AdAccess): Promise<DailySpend[]> {
    const rows = await this.search(
      customerIdOf(accountId),
      `SELECT segments.date, metrics.cost_micros, customer.currency_code FROM customer WHERE segments.date BETWEEN '${from}' AND '${to}'`,
      access,
    );
    return rows.map((row) => {
      const day = text(field(field(row, 'segments'), 'date'));
      const amount = moneyOfMicros(field(field(row, 'metrics'), 'costMicros') ?? '0');
      const currency = text(field(field(row, 'customer'), 'currencyCode'));
      if (!day || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day) || amount === null || !currency || !/^[A-Z]{3}$/.test(currency)) {
        throw new AdPlatformUnavailableError(
          `${WHO} answered a row without segments.date, metrics.cost_micros or customer.currency_code.`,
        );
      }
      return { day, amount, currency };
    });
  }

  /** A customer's name, currency, time zone, and whether it is a manager; null when the grant cannot read it. */
  private async customer(customerId: string, access: AdAccess): Promise<{ account: AdAccountDetails; manager: boolean } | null> {
    let rows: unknown[];
    try {
      rows = await this.search(
        customerId,
        'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer LIMIT 1',
        access,
      );
    } catch (error) {
      // Missing and not readable look the same from outside, on purpose.
      if (error instanceof AdAccountUnreadableError) return null;
      throw error;
    }
    const customer = field(rows[0], 'customer');
    const currency = text(field(customer, 'currencyCode'));
    const timeZone = text(field(customer, 'timeZone'));
    if (!currency || !/^[A-Z]{3}$/.test(currency) || !timeZone) {
      throw new AdPlatformUnavailableError(`${WHO} answered a customer without currency or time zone.`);
    }
    return {
      account: { name: (text(field(customer, 'descriptiveName')) ?? '').slice(0, 255), currency, timeZone },
      manager: field(customer, 'manager') === true,
    };
  }

  /** The rows of one searchStream (all its batches); a permission error is AdAccountUnreadableError. */
  private async search(customerId: string, query: string, access: AdAccess): Promise<unknown[]> {
    const answer = await this.ads(`/customers/${customerId}/googleAds:searchStream`, access, { query });
    const batches = Array.isArray(answer.body) ? answer.body : [answer.body];
    const failed = answer.status >= 400 || batches.some((batch) => field(batch, 'error') !== undefined);
    if (failed) {
      throw googleAdsFailure(
        googleAdsErrorOf(answer.status, batches.find((batch) => field(batch, 'error') !== undefined) ?? answer.body),
      );
    }
    return batches.flatMap((batch) => {
      const results = field(batch, 'results');
      return Array.isArray(results) ? results : [];
    });
  }

  private ads(path: string, access: AdAccess, body?: unknown): Promise<ProviderAnswer> {
    return callProvider(WHO, new URL(`${this.settings.apiUrl}/${GOOGLE_ADS_API_VERSION}${path}`), {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${access.accessToken}`,
        'developer-token': this.settings.developerToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  private token(form: Record<string, string>): Promise<ProviderAnswer> {
    return callProvider(TOKEN_WHO, new URL(`${this.settings.tokenUrl}/token`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...form,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }).toString(),
    });
  }

  private tokensOf(body: unknown, refreshToken: string | null): AdGrantTokens {
    const accessToken = text(field(body, 'access_token'));
    if (!accessToken) throw new AdPlatformUnavailableError(`${TOKEN_WHO} answered without an access token.`);
    const now = this.clock.now().getTime();
    const expiresIn = count(field(body, 'expires_in'));
    const expiresAt = expiresIn === undefined ? null : new Date(now + expiresIn * 1000);
    return {
      accessToken,
      refreshToken: text(field(body, 'refresh_token')) ?? refreshToken,
      expiresAt,
      refreshAfter: expiresAt ? new Date(Math.max(now, expiresAt.getTime() - REFRESH_BEFORE_MS)) : null,
      scope: text(field(body, 'scope')) ?? READ_SCOPES.google,
    };
  }
}

/** RFC 6749 §5.2's error body as one line: `invalid_grant: Token has been expired or revoked.` */
function oauthErrorOf(body: unknown): string {
  const error = text(field(body, 'error')) ?? 'error';
  const description = text(field(body, 'error_description'));
  return description ? `${error}: ${description}` : error;
}
