import { createHash } from 'node:crypto';
import { consentPage, consentRefused, opaqueToken, redirectBack, type FakeAdUser } from './fake-consent';
import { FakeProvider, formOf, type FakeAnswer, type FakeRequest } from './fake-http';

/** A Google Ads customer: what `GoogleAdsRow.customer` and `metrics.cost_micros` by `segments.date` say of it. */
export interface FakeGoogleCustomer {
  /** Ten digits. */
  id: string;
  descriptiveName: string;
  currencyCode: string;
  timeZone: string;
  manager?: boolean;
  /** A test account: reachable with a developer token not yet approved for production. */
  testAccount?: boolean;
  /** Cost per day of the customer's zone, in micros (`Y-m-d` → int64 as a string); a missing day cost nothing. */
  costMicros: Record<string, string>;
}

export interface FakeGoogleUser extends FakeAdUser {
  /** Customers this Google account may read directly. */
  customers: string[];
}

export interface FakeGoogleAdsOptions {
  clientId: string;
  clientSecret: string;
  developerToken: string;
  /** Whether the developer token has Basic access (production accounts) or only test-account access. */
  developerTokenApproved?: boolean;
  /** Authorized redirect URIs of the OAuth client. */
  redirectUris: string[];
  users: FakeGoogleUser[];
  customers: FakeGoogleCustomer[];
  port?: number;
}

const ADWORDS = 'https://www.googleapis.com/auth/adwords';
const ACCESS_SECONDS = 3599;
const SEARCH_STREAM = /^\/v[0-9]+\/customers\/([0-9]+)\/googleAds:searchStream$/;
const LIST_ACCESSIBLE = /^\/v[0-9]+\/customers:listAccessibleCustomers$/;

/** google.rpc.Status with a GoogleAdsFailure, as the REST interface answers an error. */
export function googleAdsError(
  httpStatus: number,
  status: string,
  errorCode: Record<string, string>,
  message: string,
  extra: Record<string, unknown> = {},
): FakeAnswer {
  return {
    status: httpStatus,
    json: {
      error: {
        code: httpStatus,
        message,
        status,
        details: [
          {
            '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
            errors: [{ errorCode, message, ...extra }],
            requestId: 'fake-request-id',
          },
        ],
      },
    },
  };
}

const oauthError = (error: string, description: string): FakeAnswer => ({
  status: 400,
  json: { error, error_description: description },
});

/**
 * Google as the platform's Google Ads adapter sees it, written from Google's OAuth 2.0 web-server
 * documentation and the Google Ads REST reference (`GoogleAdsRow`, `SearchGoogleAdsStreamResponse`,
 * `GoogleAdsFailure`; the JSON of the google-ads-api types): the authorization endpoint (a consent
 * page; offline access, PKCE S256), `/token` (authorization_code, refresh_token), and the Ads API's
 * `customers:listAccessibleCustomers` and `googleAds:searchStream` for the two GAQL queries the
 * adapter sends. The levers: `revoke`, `expireAccessTokens`, `throttleNext`, `removeAccess`.
 */
export class FakeGoogleAds extends FakeProvider {
  private readonly codes = new Map<string, { userId: string; redirectUri: string; challenge: string | null; scope: string }>();
  private readonly accessTokens = new Map<string, { userId: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, string>();
  private readonly throttled = new Map<string, number>();

  private constructor(private readonly options: FakeGoogleAdsOptions) {
    super();
  }

  /** Listening on 127.0.0.1: its `url` is GOOGLE_OAUTH_URL, GOOGLE_TOKEN_URL and GOOGLE_ADS_API_URL all. */
  static start(options: FakeGoogleAdsOptions): Promise<FakeGoogleAds> {
    return new FakeGoogleAds(options).listen(options.port);
  }

  customer(id: string): FakeGoogleCustomer {
    const customer = this.options.customers.find((candidate) => candidate.id === id);
    if (!customer) throw new Error(`fake Google has no customer ${id}`);
    return customer;
  }

  /** The person removed the app's access: refresh tokens answer invalid_grant, access tokens 401. */
  revoke(userId: string): void {
    for (const [token, owner] of this.refreshTokens) if (owner === userId) this.refreshTokens.delete(token);
    for (const [token, issued] of this.accessTokens) if (issued.userId === userId) this.accessTokens.delete(token);
  }

  /** Every access token ends now (an hour passed); refresh tokens stay good. */
  expireAccessTokens(): void {
    for (const issued of this.accessTokens.values()) issued.expiresAt = 0;
  }

  /** The next `times` searchStream calls on the customer answer 429 RESOURCE_EXHAUSTED. */
  throttleNext(customerId: string, times = 1): void {
    this.throttled.set(customerId, (this.throttled.get(customerId) ?? 0) + times);
  }

  removeAccess(userId: string, customerId: string): void {
    const user = this.options.users.find((candidate) => candidate.id === userId)!;
    user.customers = user.customers.filter((id) => id !== customerId);
  }

  protected route(request: FakeRequest): FakeAnswer {
    if (request.method === 'GET' && request.pathname === '/o/oauth2/v2/auth') return this.authorize(request);
    if (request.method === 'POST' && request.pathname === '/consent') return this.consented(request);
    if (request.method === 'POST' && request.pathname === '/token') return this.token(request);
    if (request.method === 'GET' && LIST_ACCESSIBLE.test(request.pathname))
      return this.withCaller(request, (userId) => this.listAccessible(userId));
    const search = SEARCH_STREAM.exec(request.pathname);
    if (request.method === 'POST' && search)
      return this.withCaller(request, (userId) => this.searchStream(request, userId, search[1]!));
    return { status: 404, json: { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } } };
  }

  private authorize(request: FakeRequest): FakeAnswer {
    const query = Object.fromEntries(request.query);
    if (query.client_id !== this.options.clientId)
      return consentRefused('Error 401: invalid_client. The OAuth client was not found.');
    if (!query.redirect_uri || !this.options.redirectUris.includes(query.redirect_uri)) {
      return consentRefused(
        'Error 400: redirect_uri_mismatch. The redirect URI does not match the ones authorized for the OAuth client.',
      );
    }
    if (query.response_type !== 'code')
      return redirectBack(query.redirect_uri, { error: 'unsupported_response_type', state: query.state ?? '' });
    if (query.code_challenge && query.code_challenge_method !== 'S256') {
      return redirectBack(query.redirect_uri, { error: 'invalid_request', state: query.state ?? '' });
    }
    const fields = {
      client_id: query.client_id,
      redirect_uri: query.redirect_uri,
      state: query.state ?? '',
      scope: query.scope ?? '',
      ...(query.code_challenge ? { code_challenge: query.code_challenge } : {}),
    };
    return consentPage('Sign in with Google (fake)', '/consent', fields, this.options.users);
  }

  private consented(request: FakeRequest): FakeAnswer {
    const form = Object.fromEntries(formOf(request));
    if (!this.options.redirectUris.includes(form.redirect_uri ?? '')) return consentRefused('Error 400: redirect_uri_mismatch.');
    if (form.decision !== 'allow') return redirectBack(form.redirect_uri!, { error: 'access_denied', state: form.state ?? '' });
    const code = opaqueToken('4/0A');
    this.codes.set(code, {
      userId: form.user ?? '',
      redirectUri: form.redirect_uri!,
      challenge: form.code_challenge ?? null,
      scope: form.scope ?? '',
    });
    return redirectBack(form.redirect_uri!, {
      state: form.state ?? '',
      code,
      scope: form.scope ?? '',
      authuser: '0',
      prompt: 'consent',
    });
  }

  private token(request: FakeRequest): FakeAnswer {
    const form = Object.fromEntries(formOf(request));
    if (form.client_id !== this.options.clientId || form.client_secret !== this.options.clientSecret) {
      return { status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } };
    }
    if (form.grant_type === 'authorization_code') {
      const code = this.codes.get(form.code ?? '');
      this.codes.delete(form.code ?? '');
      if (!code || code.redirectUri !== form.redirect_uri) return oauthError('invalid_grant', 'Bad Request');
      if (
        code.challenge &&
        createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url') !== code.challenge
      ) {
        return oauthError('invalid_grant', 'Invalid code verifier.');
      }
      const refresh = opaqueToken('1//0g');
      this.refreshTokens.set(refresh, code.userId);
      return { status: 200, json: { ...this.access(code.userId), refresh_token: refresh, scope: code.scope } };
    }
    if (form.grant_type === 'refresh_token') {
      const userId = this.refreshTokens.get(form.refresh_token ?? '');
      if (!userId) return oauthError('invalid_grant', 'Token has been expired or revoked.');
      return { status: 200, json: { ...this.access(userId), scope: ADWORDS } };
    }
    return oauthError('unsupported_grant_type', 'Invalid grant_type');
  }

  private access(userId: string): Record<string, unknown> {
    const token = opaqueToken('ya29.');
    this.accessTokens.set(token, { userId, expiresAt: Date.now() + ACCESS_SECONDS * 1000 });
    return { access_token: token, expires_in: ACCESS_SECONDS, token_type: 'Bearer' };
  }

  /** The caller's Google account after the Ads API's checks: access token, developer token. */
  private withCaller(request: FakeRequest, answer: (userId: string) => FakeAnswer): FakeAnswer {
    const token = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
    const issued = token ? this.accessTokens.get(token) : undefined;
    if (!issued || issued.expiresAt <= Date.now()) {
      return googleAdsError(
        401,
        'UNAUTHENTICATED',
        { authenticationError: 'OAUTH_TOKEN_EXPIRED' },
        'Request had invalid authentication credentials.',
      );
    }
    if (request.headers['developer-token'] !== this.options.developerToken) {
      return googleAdsError(
        401,
        'UNAUTHENTICATED',
        { authenticationError: 'DEVELOPER_TOKEN_INVALID' },
        'The developer token is not valid.',
      );
    }
    return answer(issued.userId);
  }

  private listAccessible(userId: string): FakeAnswer {
    const user = this.options.users.find((candidate) => candidate.id === userId);
    return { status: 200, json: { resourceNames: (user?.customers ?? []).map((id) => `customers/${id}`) } };
  }

  private searchStream(request: FakeRequest, userId: string, customerId: string): FakeAnswer {
    const throttled = this.throttled.get(customerId) ?? 0;
    if (throttled > 0) {
      this.throttled.set(customerId, throttled - 1);
      return googleAdsError(429, 'RESOURCE_EXHAUSTED', { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' }, 'Too many requests.', {
        details: { quotaErrorDetails: { rateScope: 'DEVELOPER', rateName: 'Number of operations', retryDelay: '90s' } },
      });
    }
    const user = this.options.users.find((candidate) => candidate.id === userId);
    const customer = this.options.customers.find((candidate) => candidate.id === customerId);
    if (!customer || !user?.customers.includes(customerId)) {
      return googleAdsError(
        403,
        'PERMISSION_DENIED',
        { authorizationError: 'USER_PERMISSION_DENIED' },
        "User doesn't have permission to access customer.",
      );
    }
    if (this.options.developerTokenApproved === false && !customer.testAccount) {
      return googleAdsError(
        403,
        'PERMISSION_DENIED',
        { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' },
        'The developer token is only approved for use with test accounts.',
      );
    }
    let query: string;
    try {
      query = String((JSON.parse(request.body) as { query?: unknown }).query ?? '');
    } catch {
      return googleAdsError(400, 'INVALID_ARGUMENT', { requestError: 'BAD_RESOURCE_ID' }, 'Invalid JSON payload received.');
    }
    const range = /WHERE segments\.date BETWEEN '([0-9-]{10})' AND '([0-9-]{10})'/.exec(query);
    const fieldMask = /^SELECT (.+?) FROM customer\b/.exec(query)?.[1]?.replace(/\s/g, '');
    if (!fieldMask) return googleAdsError(400, 'INVALID_ARGUMENT', { queryError: 'UNEXPECTED_END_OF_QUERY' }, 'Error in query.');
    const resource = {
      resourceName: `customers/${customer.id}`,
      id: customer.id,
      descriptiveName: customer.descriptiveName,
      currencyCode: customer.currencyCode,
      timeZone: customer.timeZone,
      manager: customer.manager === true,
    };
    const results = range
      ? Object.keys(customer.costMicros)
          .filter((day) => day >= range[1]! && day <= range[2]!)
          .sort()
          .map((day) => ({
            customer: { resourceName: resource.resourceName, currencyCode: customer.currencyCode },
            metrics: { costMicros: customer.costMicros[day] },
            segments: { date: day },
          }))
      : [{ customer: resource }];
    return { status: 200, json: [{ results, fieldMask, requestId: 'fake-request-id' }] };
  }
}
