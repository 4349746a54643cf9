import { createHmac } from 'node:crypto';
import { consentPage, consentRefused, opaqueToken, redirectBack, type FakeAdUser } from './fake-consent';
import { FakeProvider, formOf, type FakeAnswer, type FakeRequest } from './fake-http';

/** An ad account at the fake Meta: what the Marketing API documents of `AdAccount` and `AdsInsights` that the platform reads. */
export interface FakeMetaAccount {
  /** Digits: the account is `act_<id>`. */
  id: string;
  name: string;
  currency: string;
  /** `timezone_name`: the zone its insights days are counted in. */
  timeZone: string;
  /** Spend per day of the account's zone (`Y-m-d` → decimal string, as `spend` is written); a missing day spent nothing. */
  spend: Record<string, string>;
}

export interface FakeMetaUser extends FakeAdUser {
  /** Ids of the accounts this person may read (a role on the account, or through a business). */
  accounts: string[];
}

export interface FakeMetaOptions {
  appId: string;
  appSecret: string;
  /** "Valid OAuth Redirect URIs" of the app: the dialog refuses any other. */
  redirectUris: string[];
  users: FakeMetaUser[];
  accounts: FakeMetaAccount[];
  /** Insights calls one account may take in an hour before Meta throttles it (its ads_insights budget). */
  insightsCallsPerHour?: number;
  port?: number;
}

interface IssuedToken {
  userId: string;
  scope: string;
  expiresAt: number;
}

const VERSION = /^\/v[0-9]+\.[0-9]+(\/.*)$/;
const LONG_LIVED_SECONDS = 60 * 24 * 3600;
const SHORT_LIVED_SECONDS = 2 * 3600;
const HOUR_MS = 3600_000;

/** Graph API's error body (`{"error": {message, type, code, error_subcode, fbtrace_id}}`), HTTP 400. */
export function graphError(code: number, message: string, subcode?: number, headers?: Record<string, string>): FakeAnswer {
  return {
    status: 400,
    headers,
    json: {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'GraphMethodException',
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: 'AbCdEfGhIjK',
      },
    },
  };
}

/**
 * Meta as the platform's Facebook Ads adapter sees it, written from Meta's documentation and the
 * `AdAccount` / `AdsInsights` field lists of facebook-nodejs-business-sdk (no published OpenAPI
 * description exists): the login dialog (a consent page), `/oauth/access_token` (code, then
 * `fb_exchange_token`), `/me/adaccounts`, `/act_{id}` and `/act_{id}/insights` (daily rows of the
 * account's zone, `X-FB-Ads-Insights-Throttle`, error 80004 past the hourly budget). Every Graph
 * call needs a live token and a correct `appsecret_proof`. The test's levers: `revoke`,
 * `removeAccess`, `throttleNext`, `expireTokens`.
 */
export class FakeMeta extends FakeProvider {
  private readonly codes = new Map<string, { userId: string; redirectUri: string; scope: string }>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly insightsCalls = new Map<string, number[]>();
  private readonly throttles = new Map<string, number[]>();

  private constructor(private readonly options: FakeMetaOptions) {
    super();
  }

  /** Listening on 127.0.0.1: its `url` is META_GRAPH_URL and META_OAUTH_URL both. */
  static start(options: FakeMetaOptions): Promise<FakeMeta> {
    return new FakeMeta(options).listen(options.port);
  }

  account(id: string): FakeMetaAccount {
    const account = this.options.accounts.find((candidate) => candidate.id === id);
    if (!account) throw new Error(`fake Meta has no account ${id}`);
    return account;
  }

  /** The person removed the app (or changed the password): every token of theirs answers 190 from now on. */
  revoke(userId: string): void {
    for (const [token, issued] of this.tokens) if (issued.userId === userId) this.tokens.delete(token);
  }

  /** The person lost their role on the account. */
  removeAccess(userId: string, accountId: string): void {
    const user = this.options.users.find((candidate) => candidate.id === userId)!;
    user.accounts = user.accounts.filter((id) => id !== accountId);
  }

  /** The account's next insights calls answer these error codes (17: user request limit, 80004: too many calls to this ad account). */
  throttleNext(accountId: string, ...codes: Array<17 | 80004>): void {
    this.throttles.set(accountId, [...(this.throttles.get(accountId) ?? []), ...codes]);
  }

  /** A new hour: every account's insights budget is whole again. */
  resetBudgets(): void {
    this.insightsCalls.clear();
  }

  /** Every token ends now (as after 60 days). */
  expireTokens(): void {
    for (const issued of this.tokens.values()) issued.expiresAt = 0;
  }

  protected route(request: FakeRequest): FakeAnswer {
    if (request.method === 'POST' && request.pathname === '/consent') return this.consented(request);
    const path = VERSION.exec(request.pathname)?.[1];
    if (request.method !== 'GET' || !path) return graphError(100, 'Unknown path components');
    if (path === '/dialog/oauth') return this.dialog(request);
    if (path === '/oauth/access_token') return this.accessToken(request);
    const caller = this.caller(request);
    if ('status' in caller) return caller;
    if (path === '/me/adaccounts') return this.adAccounts(request, caller);
    const account = /^\/act_([0-9]+)(\/insights)?$/.exec(path);
    if (!account) return graphError(100, 'Unknown path components');
    if (!this.canRead(caller, account[1]!)) {
      return graphError(
        100,
        `Unsupported get request. Object with ID 'act_${account[1]}' does not exist, ` +
          `cannot be loaded due to missing permissions, or does not support this operation.`,
        33,
      );
    }
    return account[2] ? this.insights(request, this.account(account[1]!)) : this.adAccount(request, this.account(account[1]!));
  }

  private dialog(request: FakeRequest): FakeAnswer {
    const query = Object.fromEntries(request.query);
    if (query.client_id !== this.options.appId)
      return consentRefused('Invalid App ID: the provided app ID does not look like a valid app ID.');
    if (!query.redirect_uri || !this.options.redirectUris.includes(query.redirect_uri)) {
      return consentRefused(
        "URL blocked: this redirect failed because the redirect URI is not on the app's list of valid OAuth redirect URIs.",
      );
    }
    if (query.response_type !== undefined && query.response_type !== 'code') return consentRefused('Unsupported response_type.');
    const fields = {
      client_id: query.client_id,
      redirect_uri: query.redirect_uri,
      state: query.state ?? '',
      scope: query.scope ?? '',
    };
    return consentPage('Log in with Facebook (fake)', '/consent', fields, this.options.users);
  }

  private consented(request: FakeRequest): FakeAnswer {
    const form = Object.fromEntries(formOf(request));
    if (!this.options.redirectUris.includes(form.redirect_uri ?? '')) return consentRefused('URL blocked.');
    if (form.decision !== 'allow') {
      return redirectBack(form.redirect_uri!, {
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
        state: form.state ?? '',
      });
    }
    const code = opaqueToken('AQ');
    this.codes.set(code, { userId: form.user ?? '', redirectUri: form.redirect_uri!, scope: form.scope ?? '' });
    return redirectBack(form.redirect_uri!, { code, state: form.state ?? '' });
  }

  private accessToken(request: FakeRequest): FakeAnswer {
    const query = Object.fromEntries(request.query);
    if (query.client_id !== this.options.appId) return graphError(101, 'Error validating application. Invalid application ID.');
    if (query.client_secret !== this.options.appSecret) return graphError(1, 'Error validating client secret.');
    if (query.grant_type === 'fb_exchange_token') {
      const issued = this.live(query.fb_exchange_token);
      if (!issued) return graphError(190, 'Error validating access token: The session has been invalidated.', 460);
      return this.issue(issued.userId, issued.scope, LONG_LIVED_SECONDS);
    }
    const code = this.codes.get(query.code ?? '');
    if (!code) return graphError(100, 'This authorization code has been used.', 36009);
    this.codes.delete(query.code!);
    if (code.redirectUri !== query.redirect_uri) {
      return graphError(
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    }
    return this.issue(code.userId, code.scope, SHORT_LIVED_SECONDS);
  }

  private issue(userId: string, scope: string, seconds: number): FakeAnswer {
    const token = opaqueToken('EAAB');
    this.tokens.set(token, { userId, scope, expiresAt: Date.now() + seconds * 1000 });
    return { status: 200, json: { access_token: token, token_type: 'bearer', expires_in: seconds } };
  }

  private live(token: string | undefined): IssuedToken | null {
    const issued = token ? this.tokens.get(token) : undefined;
    return issued && issued.expiresAt > Date.now() ? issued : null;
  }

  /** The token of a Graph call (bearer, or `access_token`) checked, with its `appsecret_proof`. */
  private caller(request: FakeRequest): IssuedToken | FakeAnswer {
    const bearer = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
    const token = bearer ?? request.query.get('access_token') ?? undefined;
    if (!token) return graphError(2500, 'An active access token must be used to query information about the current user.');
    const proof = request.query.get('appsecret_proof');
    if (!proof) return graphError(100, 'API calls from the server require an appsecret_proof argument');
    if (proof !== createHmac('sha256', this.options.appSecret).update(token).digest('hex')) {
      return graphError(100, 'Invalid appsecret_proof provided in the API argument');
    }
    const issued = this.tokens.get(token);
    if (!issued) return graphError(190, 'Error validating access token: The user has not authorized application.', 458);
    if (issued.expiresAt <= Date.now()) return graphError(190, 'Error validating access token: Session has expired.', 463);
    if (!issued.scope.split(',').some((scope) => scope.trim() === 'ads_read')) {
      return graphError(200, '(#200) Requires ads_read permission to manage the object');
    }
    return issued;
  }

  private canRead(caller: IssuedToken, accountId: string): boolean {
    return this.options.users.find((user) => user.id === caller.userId)?.accounts.includes(accountId) === true;
  }

  private adAccounts(request: FakeRequest, caller: IssuedToken): FakeAnswer {
    const user = this.options.users.find((candidate) => candidate.id === caller.userId);
    const rows = (user?.accounts ?? []).map((id) => this.account(id));
    return this.page(
      request,
      rows.map((account) => this.fields(request, account)),
    );
  }

  private adAccount(request: FakeRequest, account: FakeMetaAccount): FakeAnswer {
    return { status: 200, json: this.fields(request, account) };
  }

  private fields(request: FakeRequest, account: FakeMetaAccount): Record<string, string> {
    const all: Record<string, string> = {
      account_id: account.id,
      name: account.name,
      currency: account.currency,
      timezone_name: account.timeZone,
    };
    const asked = (request.query.get('fields') ?? '').split(',').filter((name) => name in all);
    return { id: `act_${account.id}`, ...Object.fromEntries(asked.map((name) => [name, all[name]!])) };
  }

  private insights(request: FakeRequest, account: FakeMetaAccount): FakeAnswer {
    const budget = this.options.insightsCallsPerHour ?? 100;
    const now = Date.now();
    const calls = (this.insightsCalls.get(account.id) ?? []).filter((at) => at > now - HOUR_MS);
    calls.push(now);
    this.insightsCalls.set(account.id, calls);
    const used = Math.min(100, Math.round((calls.length / budget) * 100));
    const headers = {
      'x-fb-ads-insights-throttle': JSON.stringify({
        app_id_util_pct: 0,
        acc_id_util_pct: used,
        ads_api_access_tier: 'standard_access',
      }),
      'x-business-use-case-usage': JSON.stringify({
        [account.id]: [
          {
            type: 'ads_insights',
            call_count: used,
            total_cputime: 1,
            total_time: 1,
            estimated_time_to_regain_access: calls.length > budget ? 12 : 0,
          },
        ],
      }),
    };
    const forced = this.throttles.get(account.id)?.shift();
    if (forced === 17) return graphError(17, 'User request limit reached', 2446079, headers);
    if (forced === 80004 || calls.length > budget) {
      return graphError(80004, 'There have been too many calls to this ad-account. Wait a bit and try again.', 2446079, headers);
    }
    const query = Object.fromEntries(request.query);
    if (query.level !== 'account' || query.time_increment !== '1')
      return graphError(100, 'Invalid parameter', undefined, headers);
    const fields = (query.fields ?? '').split(',');
    if (!fields.includes('spend') || !fields.includes('account_currency'))
      return graphError(100, 'Invalid parameter', undefined, headers);
    let range: { since?: unknown; until?: unknown };
    try {
      range = JSON.parse(query.time_range ?? '');
    } catch {
      return graphError(100, 'Invalid parameter: time_range', undefined, headers);
    }
    const since = String(range.since);
    const until = String(range.until);
    const rows = Object.keys(account.spend)
      .filter((day) => day >= since && day <= until)
      .sort()
      .map((day) => ({ spend: account.spend[day], account_currency: account.currency, date_start: day, date_stop: day }));
    return { ...this.page(request, rows), headers };
  }

  /** A Graph list: `data` and `paging` with cursors (and `next` while more remain). */
  private page(request: FakeRequest, rows: unknown[]): FakeAnswer {
    const limit = Math.max(1, Math.min(500, Number(request.query.get('limit') ?? '25') || 25));
    const start = request.query.get('after') ? Number(Buffer.from(request.query.get('after')!, 'base64url').toString()) : 0;
    const data = rows.slice(start, start + limit);
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const more = start + limit < rows.length;
    const next = new URL(`${this.url}${request.pathname}`);
    next.searchParams.set('after', cursor(start + limit));
    return {
      status: 200,
      json: {
        data,
        paging: { cursors: { before: cursor(start), after: cursor(start + limit) }, ...(more ? { next: next.toString() } : {}) },
      },
    };
  }
}
