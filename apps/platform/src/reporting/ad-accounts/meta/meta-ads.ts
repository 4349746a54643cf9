import { createHmac } from 'node:crypto';
import type { Clock } from '@suite/time';
import {
  AdConsentRefusedError,
  AdPlatformThrottledError,
  AdPlatformUnavailableError,
  type AdAccess,
  type AdAccountDetails,
  type AdGrantTokens,
  type ConsentRequest,
  type DailySpend,
  type ReadableAdAccount,
} from '../ad-platform.port';
import { READ_SCOPES } from '../connect/consent-scopes';
import { moneyOf, type ProviderAds } from '../live/provider-ads';
import { callProvider, count, field, text, type ProviderAnswer } from '../live/provider-http';
import { budgetSpent, insightsThrottleOf, metaErrorOf, metaFailure, metaVerdict, retryAfterMs } from './meta-errors';

/** The Graph API version the adapter is written against (Meta keeps a version about two years). */
export const META_GRAPH_VERSION = 'v25.0';

/** Renew the long-lived user token (about 60 days) this long before it expires. */
const RENEW_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;
/** The most accounts read from `/me/adaccounts`, and the most insight rows of one sync (90 days fit one page). */
const MAX_ACCOUNTS = 500;
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

const WHO = 'Meta Graph API';

export interface MetaSettings {
  appId: string;
  appSecret: string;
  /** META_GRAPH_URL, without a trailing slash. */
  graphUrl: string;
  /** META_OAUTH_URL, without a trailing slash. */
  oauthUrl: string;
}

/**
 * Facebook Ads through Meta's Graph API with `fetch` (no SDK: four GET endpoints):
 * - consent: `{META_OAUTH_URL}/v25.0/dialog/oauth` with `ads_read`; the code is redeemed at
 *   `/oauth/access_token` and exchanged at once for the long-lived user token (about 60 days;
 *   Meta issues no refresh token, so the adapter exchanges the token again a week before it ends);
 * - accounts: `/me/adaccounts`, `/act_{id}?fields=name,currency,timezone_name`;
 * - spend: `/act_{id}/insights?level=account&time_increment=1&time_range=…&fields=spend,account_currency`,
 *   one row a day in the account's time zone (days without spend are left out by Meta).
 * Every call carries the user's token (`access_token`) and `appsecret_proof` (HMAC-SHA256 of the
 * token with the app secret, which "Require App Secret" makes mandatory). Throttling (error 17/80004…,
 * or `X-FB-Ads-Insights-Throttle` at 100 %) is AdPlatformThrottledError with Meta's own wait.
 */
export class MetaAds implements ProviderAds {
  constructor(
    private readonly settings: MetaSettings,
    private readonly clock: Clock,
  ) {}

  consentUrl(request: ConsentRequest): string {
    const query = new URLSearchParams({
      client_id: this.settings.appId,
      redirect_uri: request.redirectUri,
      state: request.state,
      scope: READ_SCOPES.facebook,
      response_type: 'code',
    });
    return `${this.settings.oauthUrl}/${META_GRAPH_VERSION}/dialog/oauth?${query.toString()}`;
  }

  async redeemCode(code: string, redirectUri: string): Promise<AdGrantTokens> {
    const short = await this.tokenCall({
      client_id: this.settings.appId,
      client_secret: this.settings.appSecret,
      redirect_uri: redirectUri,
      code,
    });
    if ('refused' in short) throw new AdConsentRefusedError(`Meta refused the code: ${short.refused}`);
    return this.longLived(short.token);
  }

  async refreshGrant(tokens: AdGrantTokens): Promise<AdGrantTokens> {
    return this.longLived(tokens.accessToken);
  }

  async readableAccounts(access: AdAccess): Promise<ReadableAdAccount[]> {
    const accounts: ReadableAdAccount[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES && accounts.length < MAX_ACCOUNTS; page++) {
      const answer = await this.get(
        '/me/adaccounts',
        access,
        { fields: 'account_id,name,currency,timezone_name', limit: String(PAGE_SIZE), ...(after ? { after } : {}) },
        () => new AdConsentRefusedError(`The ${READ_SCOPES.facebook} permission was not granted: Meta lists no ad accounts.`),
      );
      const data = field(answer.body, 'data');
      for (const row of Array.isArray(data) ? data : []) {
        const accountId = text(field(row, 'account_id'));
        const details = detailsOf(row);
        if (accountId && /^[0-9]{1,20}$/.test(accountId) && details) accounts.push({ accountId: `act_${accountId}`, ...details });
      }
      after = nextCursor(answer.body);
      if (!after) break;
    }
    return accounts;
  }

  async lookupAccount(accountId: string, access: AdAccess): Promise<AdAccountDetails | null> {
    const answer = await this.call(`/${accountId}`, access, { fields: 'name,currency,timezone_name' });
    if (answer.status >= 400) {
      const error = metaErrorOf(answer.body);
      // Missing and not readable look the same from outside, on purpose.
      if (error && metaVerdict(error) === 'not_allowed') return null;
      throw this.failure(answer);
    }
    const details = detailsOf(answer.body);
    if (!details) throw new AdPlatformUnavailableError(`${WHO} answered an account without name, currency or time zone.`);
    return details;
  }

  async dailySpend(accountId: string, from: string, to: string, access: AdAccess): Promise<DailySpend[]> {
    const days: DailySpend[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.get(`/${accountId}/insights`, access, {
        level: 'account',
        time_increment: '1',
        time_range: JSON.stringify({ since: from, until: to }),
        fields: 'spend,account_currency',
        limit: String(PAGE_SIZE),
        ...(after ? { after } : {}),
      });
      const data = field(answer.body, 'data');
      for (const row of Array.isArray(data) ? data : []) days.push(dayOf(row));
      after = nextCursor(answer.body);
      if (!after) break;
      // The account's insights budget is used up: the next page would be refused; the whole sync comes back later.
      if (budgetSpent(insightsThrottleOf(answer.headers))) {
        throw new AdPlatformThrottledError(
          'Meta insights budget of the account used up (X-FB-Ads-Insights-Throttle).',
          retryAfterMs(answer.headers),
        );
      }
    }
    return days;
  }

  /** A successful Graph answer, or the error it stands for. */
  private async get(
    path: string,
    access: AdAccess,
    query: Record<string, string>,
    notAllowed?: () => Error,
  ): Promise<ProviderAnswer> {
    const answer = await this.call(path, access, query);
    if (answer.status >= 400) throw this.failure(answer, notAllowed);
    return answer;
  }

  private call(path: string, access: AdAccess, query: Record<string, string>): Promise<ProviderAnswer> {
    const url = new URL(`${this.settings.graphUrl}/${META_GRAPH_VERSION}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    // As Meta documents and its SDK sends it: the user's token as `access_token`, with its proof. URLs are never logged.
    url.searchParams.set('access_token', access.accessToken);
    url.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', this.settings.appSecret).update(access.accessToken).digest('hex'),
    );
    return callProvider(WHO, url);
  }

  private failure(answer: ProviderAnswer, notAllowed?: () => Error): Error {
    const error = metaErrorOf(answer.body);
    return error
      ? metaFailure(error, answer.headers, notAllowed)
      : new AdPlatformUnavailableError(`${WHO} answered ${answer.status}.`);
  }

  /** The long-lived user token for a short-lived (or long-lived) one: `grant_type=fb_exchange_token`. */
  private async longLived(token: string): Promise<AdGrantTokens> {
    const exchanged = await this.tokenCall({
      grant_type: 'fb_exchange_token',
      client_id: this.settings.appId,
      client_secret: this.settings.appSecret,
      fb_exchange_token: token,
    });
    if ('refused' in exchanged) throw exchanged.error;
    const now = this.clock.now().getTime();
    const expiresAt = exchanged.expiresIn === undefined ? null : new Date(now + exchanged.expiresIn * 1000);
    return {
      accessToken: exchanged.token,
      refreshToken: null,
      expiresAt,
      refreshAfter: expiresAt ? new Date(Math.max(now, expiresAt.getTime() - RENEW_BEFORE_MS)) : null,
      scope: READ_SCOPES.facebook,
    };
  }

  /** `GET /oauth/access_token`: the token, or why Meta refused (with the port's error for it). */
  private async tokenCall(
    query: Record<string, string>,
  ): Promise<{ token: string; expiresIn: number | undefined } | { refused: string; error: Error }> {
    const url = new URL(`${this.settings.graphUrl}/${META_GRAPH_VERSION}/oauth/access_token`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const answer = await callProvider(WHO, url);
    const token = text(field(answer.body, 'access_token'));
    if (answer.status < 400 && token) return { token, expiresIn: count(field(answer.body, 'expires_in')) };
    const error = metaErrorOf(answer.body);
    return { refused: error?.message ?? `answered ${answer.status}`, error: this.failure(answer) };
  }
}

function detailsOf(row: unknown): AdAccountDetails | null {
  const name = text(field(row, 'name'));
  const currency = text(field(row, 'currency'));
  const timeZone = text(field(row, 'timezone_name'));
  if (name === undefined || !currency || !/^[A-Z]{3}$/.test(currency) || !timeZone) return null;
  return { name: name.slice(0, 255), currency, timeZone };
}

function dayOf(row: unknown): DailySpend {
  const day = text(field(row, 'date_start'));
  const amount = moneyOf(field(row, 'spend'));
  const currency = text(field(row, 'account_currency'));
  if (!day || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day) || amount === null || !currency || !/^[A-Z]{3}$/.test(currency)) {
    throw new AdPlatformUnavailableError(`${WHO} answered an insights row without date_start, spend or account_currency.`);
  }
  return { day, amount, currency };
}

/** The cursor of the next page (`paging.cursors.after` when `paging.next` says there is one). */
function nextCursor(body: unknown): string | undefined {
  const paging = field(body, 'paging');
  return field(paging, 'next') ? text(field(field(paging, 'cursors'), 'after')) : undefined;
}
