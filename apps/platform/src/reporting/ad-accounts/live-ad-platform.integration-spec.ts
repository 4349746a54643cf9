import { answerConsent, eventually, FakeGoogleAds, FakeMeta, type FakeRequest } from '@suite/testing';
import { localDateAt } from '../../shared/local-day';
import { PlatformTestApp, type TestUser } from '../../testing';
import { HELD_ELSEWHERE, NOT_FOUND_AT_PROVIDER } from './ad-account-messages';
import { AdSpendSync } from './sync/ad-spend-sync';
import { localDateMinus } from './sync/sync-window';

/**
 * PLATFORM_AD_PLATFORM=live against local stand-ins of Meta and Google (FakeMeta, FakeGoogleAds:
 * their consent pages, token endpoints and the read endpoints the adapters use), on real
 * PostgreSQL and Kafka: each company connects through the consent with its own user, the grant is
 * stored sealed and refreshed, an account is connected only by a company whose grant reads it
 * and by one company at a time, spend days are the account's own, throttling waits, a revoked
 * grant disconnects (spend null, never 0).
 */
const PUBLIC_URL = 'https://suite.example.test';
const META = { appId: '1234567890123456', appSecret: 'meta-app-secret-for-the-fake' };
const GOOGLE = {
  clientId: 'fake-client.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-fake',
  developerToken: 'fake-dev-token-1234',
};
const LA = 'America/Los_Angeles';
const CHICAGO = 'America/Chicago';

/** 100 days of spend ending at the account's today; every seventh day spent nothing (Meta leaves it out). */
function metaSpend(timeZone: string, seed: number): Record<string, string> {
  const today = localDateAt(Date.now(), timeZone);
  const days: Record<string, string> = {};
  for (let back = 0; back < 100; back++)
    if (back % 7 !== 3) days[localDateMinus(today, back)] = (((seed + back * 37) % 9000) / 100 + 1).toFixed(2);
  return days;
}

const googleCost = (timeZone: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(metaSpend(timeZone, 11)).map(([day, amount]) => [day, String(Math.round(Number(amount) * 1_000_000) + 4321)]),
  );

let meta: FakeMeta;
let google: FakeGoogleAds;
let platform: PlatformTestApp;

beforeAll(async () => {
  meta = await FakeMeta.start({
    ...META,
    redirectUris: [`${PUBLIC_URL}/api/ad-accounts/callback/facebook`],
    insightsCallsPerHour: 6,
    users: [
      { id: 'alice', name: 'Alice (fake Meta)', accounts: ['1111111111', '2222222222'] },
      { id: 'bob', name: 'Bob (fake Meta)', accounts: ['3333333333'] },
    ],
    accounts: [
      { id: '1111111111', name: 'Sunrise Dental', currency: 'USD', timeZone: LA, spend: metaSpend(LA, 3) },
      {
        id: '2222222222',
        name: 'Sunrise Dental UK',
        currency: 'GBP',
        timeZone: 'Europe/London',
        spend: metaSpend('Europe/London', 5),
      },
      { id: '3333333333', name: "Bob's Bikes", currency: 'USD', timeZone: LA, spend: metaSpend(LA, 7) },
    ],
  });
  google = await FakeGoogleAds.start({
    ...GOOGLE,
    redirectUris: [`${PUBLIC_URL}/api/ad-accounts/callback/google`],
    users: [{ id: 'carol', name: 'Carol (fake Google)', customers: ['1234567890', '9876543210', '5555555555'] }],
    customers: [
      {
        id: '1234567890',
        descriptiveName: 'Sunrise Search',
        currencyCode: 'USD',
        timeZone: CHICAGO,
        costMicros: googleCost(CHICAGO),
      },
      { id: '9876543210', descriptiveName: 'Agency MCC', currencyCode: 'USD', timeZone: CHICAGO, manager: true, costMicros: {} },
      {
        id: '5555555555',
        descriptiveName: 'Sunrise Display',
        currencyCode: 'USD',
        timeZone: CHICAGO,
        costMicros: googleCost(CHICAGO),
      },
    ],
  });
  platform = await PlatformTestApp.start('ad_live', {
    env: {
      PLATFORM_AD_PLATFORM: 'live',
      PLATFORM_PUBLIC_URL: PUBLIC_URL,
      PLATFORM_SECRETS_KEY: 'a-secrets-key-of-at-least-32-characters',
      META_APP_ID: META.appId,
      META_APP_SECRET: META.appSecret,
      META_GRAPH_URL: meta.url,
      META_OAUTH_URL: meta.url,
      GOOGLE_ADS_CLIENT_ID: GOOGLE.clientId,
      GOOGLE_ADS_CLIENT_SECRET: GOOGLE.clientSecret,
      GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE.developerToken,
      GOOGLE_ADS_API_URL: google.url,
      GOOGLE_OAUTH_URL: google.url,
      GOOGLE_TOKEN_URL: google.url,
    },
  });
});
afterAll(async () => {
  await platform?.stop();
  await meta?.stop();
  await google?.stop();
});

const pathOf = (location: string) => {
  const url = new URL(location);
  return url.pathname + url.search;
};

/** A company's user consents at the provider as `person`: the platform's callback answer. */
async function consent(user: TestUser, provider: 'facebook' | 'google', person: string, decision: 'allow' | 'deny' = 'allow') {
  const start = await platform.request('get', `/api/ad-accounts/connect/${provider}`, await user.token()).expect(302);
  const back = await answerConsent(start.headers.location!, person, decision);
  expect(back.startsWith(`${PUBLIC_URL}/api/ad-accounts/callback/${provider}?`)).toBe(true);
  return platform.request('get', pathOf(back), null);
}

async function companyWith(name: string): Promise<{ company: string; admin: TestUser }> {
  const company = await platform.company(name);
  return { company, admin: await platform.actor(company, ['manage-ad-accounts', 'view-dashboard']) };
}

const connect = (token: string, provider: string, accountId: string) =>
  platform.request('post', '/api/ad-accounts', token).send({ provider, account_id: accountId });

const accountRow = async (id: string) =>
  (
    await platform.db.query(
      'SELECT status, disconnected_reason, last_synced_at, last_sync_error, time_zone FROM platform.ad_accounts WHERE id = $1',
      [id],
    )
  )[0];

const synced = (id: string) =>
  eventually(
    () => accountRow(id),
    (row) => row?.last_synced_at != null,
    { timeoutMs: 30_000, what: `account ${id} synced` },
  );

const storedDays = async (id: string): Promise<Record<string, string>> =>
  Object.fromEntries(
    (
      await platform.db.query<Array<{ day: string; amount: string }>>(
        "SELECT to_char(day, 'YYYY-MM-DD') AS day, amount::text FROM platform.ad_spend_days WHERE ad_account_id = $1",
        [id],
      )
    ).map((row) => [row.day, row.amount]),
  );

/** One sync of the account now, as its job would run it. */
async function syncNow(companyId: string, id: string, initial = false) {
  const sync = platform.app.get(AdSpendSync);
  const job = { adAccountId: id, companyId, initial };
  const fetched = await sync.fetch(job);
  await platform.db.transaction((manager) => sync.record(manager, job, fetched));
  return fetched;
}

/** The soonest sync of the account waiting (the manual runs here enqueue theirs beside the account's own chain). */
const nextSync = async (id: string): Promise<Date> =>
  (
    await platform.db.query("SELECT min(run_at) AS at FROM platform.jobs WHERE concurrency_key = $1 AND status = 'queued'", [
      `ad-account:${id}`,
    ])
  )[0].at;

const lastRequest = (requests: FakeRequest[]): FakeRequest => requests[requests.length - 1]!;

describe('Meta (Facebook Ads)', () => {
  let sunrise: { company: string; admin: TestUser };
  let adAccountId: string;

  beforeAll(async () => {
    sunrise = await companyWith('Sunrise Dental');
  });

  it("sends the company's user to Meta's consent with the app id, the callback under PLATFORM_PUBLIC_URL, state and ads_read", async () => {
    const start = await platform.request('get', '/api/ad-accounts/connect/facebook', await sunrise.admin.token()).expect(302);
    const url = new URL(start.headers.location!);
    expect(url.origin + url.pathname).toBe(`${meta.url}/v25.0/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: META.appId,
      redirect_uri: `${PUBLIC_URL}/api/ad-accounts/callback/facebook`,
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      scope: 'ads_read',
      response_type: 'code',
    });
  });

  it('lists the accounts the consenting user may read, stores the long-lived token sealed, and connects one', async () => {
    const callback = await consent(sunrise.admin, 'facebook', 'alice');
    expect(callback.status).toBe(200);
    expect(callback.body.data.accounts).toEqual([
      { account_id: 'act_1111111111', name: 'Sunrise Dental', currency: 'USD', time_zone: LA },
      { account_id: 'act_2222222222', name: 'Sunrise Dental UK', currency: 'GBP', time_zone: 'Europe/London' },
    ]);
    // The code was redeemed, then exchanged for the long-lived token (fb_exchange_token) with the app's secret.
    const tokenCalls = meta.requestsTo(/\/oauth\/access_token$/);
    expect(tokenCalls.map((request) => request.query.get('grant_type'))).toEqual([null, 'fb_exchange_token']);
    expect(tokenCalls[0]!.query.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/ad-accounts/callback/facebook`);
    const [grant] = await platform.db.query(
      'SELECT access_token, refresh_token, expires_at FROM platform.ad_grants WHERE company_id = $1',
      [sunrise.company],
    );
    expect(grant.access_token).toMatch(/^v1\./);
    expect(grant.access_token).not.toContain('EAAB');
    expect(grant.refresh_token).toBeNull();
    expect(new Date(grant.expires_at).getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600_000);

    const created = await connect(await sunrise.admin.token(), 'facebook', 'act_1111111111').expect(201);
    expect(created.body.data).toMatchObject({ name: 'Sunrise Dental', currency: 'USD', time_zone: LA, status: 'connected' });
    adAccountId = String(created.body.data.id);
    const lookup = lastRequest(meta.requestsTo(/^\/v25\.0\/act_1111111111$/));
    expect(lookup.query.get('fields')).toBe('name,currency,timezone_name');
    expect(lookup.query.get('access_token')).toMatch(/^EAAB/);
    expect(lookup.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
  });

  it("syncs the account's own days as Meta reports them, and the dashboard says how they align", async () => {
    await synced(adAccountId);
    const insights = lastRequest(meta.requestsTo(/^\/v25\.0\/act_1111111111\/insights$/));
    const todayInLa = localDateAt(Date.now(), LA);
    expect(Object.fromEntries(insights.query)).toMatchObject({
      level: 'account',
      time_increment: '1',
      fields: 'spend,account_currency',
    });
    const range = JSON.parse(insights.query.get('time_range')!);
    expect([todayInLa, localDateMinus(todayInLa, 1)]).toContain(range.until);
    expect(range.since).toBe(localDateMinus(range.until, 89));
    const expected = Object.fromEntries(
      Object.entries(meta.account('1111111111').spend).filter(([day]) => day >= range.since && day <= range.until),
    );
    expect(await storedDays(adAccountId)).toEqual(expected);

    const overview = (
      await platform.request('get', '/api/dashboard/business?range=last30', await sunrise.admin.token()).expect(200)
    ).body.data;
    const [from, to] = [overview.start.slice(0, 10), overview.end.slice(0, 10)];
    const cents = Object.entries(expected)
      .filter(([day]) => day >= from && day <= to)
      .reduce((sum, [, amount]) => sum + Math.round(Number(amount) * 100), 0);
    expect(overview.spend).toBe(cents / 100);
    expect(overview.spend_note).toBe(
      "Spend from Facebook Ads (act_1111111111). Google Ads not connected. Spend days are each ad account's own " +
        "(Facebook Ads in America/Los_Angeles; the company's are America/New_York): a day's spend is the account's day of the same date.",
    );
  });

  it('refuses the account to another company: without a grant, with a grant that cannot read it, and while A holds it', async () => {
    const other = await companyWith('Other Co');
    const noGrant = await connect(await other.admin.token(), 'facebook', 'act_1111111111').expect(422);
    expect(noGrant.body.errors.account_id[0]).toMatch(/^No Facebook Ads grant/);
    expect((await consent(other.admin, 'facebook', 'bob')).status).toBe(200);
    const unreadable = await connect(await other.admin.token(), 'facebook', 'act_1111111111').expect(422);
    expect(unreadable.body).toEqual({
      success: false,
      message: NOT_FOUND_AT_PROVIDER,
      errors: { account_id: [NOT_FOUND_AT_PROVIDER] },
    });
    // Alice consents for the other company too (an agency and its client often share a person): readable, but held.
    expect((await consent(other.admin, 'facebook', 'alice')).status).toBe(200);
    const held = await connect(await other.admin.token(), 'facebook', 'act_1111111111').expect(422);
    expect(held.body).toEqual({ success: false, message: HELD_ELSEWHERE, errors: { account_id: [HELD_ELSEWHERE] } });
    await connect(await other.admin.token(), 'facebook', 'act_2222222222').expect(201);
  });

  it('waits when Meta throttles (error 17 or 80004, or the insights budget used up), losing no day', async () => {
    meta.throttleNext('1111111111', 17);
    const throttled = await syncNow(sunrise.company, adAccountId);
    expect(throttled).toMatchObject({ kind: 'throttled', retryAfterMs: 10 * 60_000 });
    expect((await accountRow(adAccountId)).last_sync_error).toMatch(
      /Meta is throttling: Meta error 17\/2446079: User request limit reached/,
    );
    expect((await nextSync(adAccountId)).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await nextSync(adAccountId)).getTime()).toBeLessThan(Date.now() + 11 * 60_000);
    // Past the account's hourly budget: 80004, and Meta's own estimate of the wait (12 minutes).
    let answer;
    for (let call = 0; call < 8 && answer?.kind !== 'throttled'; call++) answer = await syncNow(sunrise.company, adAccountId);
    expect(answer).toMatchObject({ kind: 'throttled', retryAfterMs: 12 * 60_000, reason: expect.stringContaining('80004') });
    // Nothing lost meanwhile: the spend stays known.
    const row = await accountRow(adAccountId);
    expect(row).toMatchObject({ status: 'connected', last_synced_at: expect.any(Date) });
    meta.resetBudgets();
  });

  it('a revoked grant disconnects its accounts: spend null, never 0; consenting again connects them again', async () => {
    meta.revoke('alice');
    const fetched = await syncNow(sunrise.company, adAccountId);
    expect(fetched).toMatchObject({ kind: 'disconnected', reason: expect.stringContaining('190') });
    expect(await accountRow(adAccountId)).toMatchObject({
      status: 'disconnected',
      disconnected_reason: expect.stringContaining('Meta refused the grant'),
    });
    const [grant] = await platform.db.query('SELECT status FROM platform.ad_grants WHERE company_id = $1', [sunrise.company]);
    expect(grant.status).toBe('revoked');
    const listed = (await platform.request('get', '/api/ad-accounts', await sunrise.admin.token()).expect(200)).body.data[0];
    expect(listed).toMatchObject({ status: 'disconnected', disconnected_reason: expect.any(String) });
    const overview = (await platform.request('get', '/api/dashboard/business', await sunrise.admin.token()).expect(200)).body
      .data;
    expect(overview).toMatchObject({ spend: null, cost_per_lead: null });
    expect(overview.spend_note).toMatch(/^Facebook Ads disconnected: connect again to see its spend\./);
    expect(overview.channels[0]).toMatchObject({ id: 'facebook', connected: false, spend: null });
    // While disconnected, its syncs ask Meta nothing.
    const asked = meta.requests.length;
    expect(await syncNow(sunrise.company, adAccountId)).toEqual({ kind: 'idle' });
    expect(meta.requests.length).toBe(asked);

    const again = await consent(sunrise.admin, 'facebook', 'alice');
    expect(again.body.data.reconnected).toEqual(['act_1111111111']);
    expect(await syncNow(sunrise.company, adAccountId)).toMatchObject({ kind: 'spend' });
    expect(
      (await platform.request('get', '/api/dashboard/business', await sunrise.admin.token()).expect(200)).body.data.spend,
    ).not.toBeNull();
  });

  it('an account the grant no longer reads is disconnected alone; the grant stays', async () => {
    const { company, admin } = await companyWith('Losing access');
    expect((await consent(admin, 'facebook', 'bob')).status).toBe(200);
    const id = String((await connect(await admin.token(), 'facebook', 'act_3333333333').expect(201)).body.data.id);
    await synced(id);
    meta.removeAccess('bob', '3333333333');
    expect(await syncNow(company, id)).toMatchObject({ kind: 'disconnected' });
    expect(await accountRow(id)).toMatchObject({
      status: 'disconnected',
      disconnected_reason: expect.stringContaining('cannot read the account'),
    });
    const [grant] = await platform.db.query('SELECT status FROM platform.ad_grants WHERE company_id = $1', [company]);
    expect(grant.status).toBe('active');
  });

  it('answers 422 when the person declines at Meta', async () => {
    const { admin } = await companyWith('Declines');
    const declined = await consent(admin, 'facebook', 'alice', 'deny');
    expect(declined.status).toBe(422);
    expect(declined.body.message).toBe('Facebook Ads consent not given: Permissions error');
  });
});

describe('Google Ads', () => {
  let company: string;
  let admin: TestUser;
  let adAccountId: string;

  beforeAll(async () => {
    ({ company, admin } = await companyWith('Sunrise Search'));
  });

  it('consents with offline access and PKCE, lists the readable customers but not managers, and connects one', async () => {
    const start = await platform.request('get', '/api/ad-accounts/connect/google', await admin.token()).expect(302);
    const url = new URL(start.headers.location!);
    expect(url.origin + url.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: GOOGLE.clientId,
      redirect_uri: `${PUBLIC_URL}/api/ad-accounts/callback/google`,
      scope: 'https://www.googleapis.com/auth/adwords',
      response_type: 'code',
      access_type: 'offline',
      code_challenge_method: 'S256',
    });
    const back = await answerConsent(start.headers.location!, 'carol');
    const callback = await platform.request('get', pathOf(back), null).expect(200);
    expect(callback.body.data.accounts).toEqual([
      { account_id: '123-456-7890', name: 'Sunrise Search', currency: 'USD', time_zone: CHICAGO },
      { account_id: '555-555-5555', name: 'Sunrise Display', currency: 'USD', time_zone: CHICAGO },
    ]);
    // The fake checked the PKCE verifier against the challenge: the code was redeemed.
    expect(lastRequest(google.requestsTo(/^\/token$/)).body).toContain('code_verifier=');
    const created = await connect(await admin.token(), 'google', '123-456-7890').expect(201);
    adAccountId = String(created.body.data.id);
  });

  it('syncs with one searchStream of metrics.cost_micros by segments.date, micros to cents', async () => {
    await synced(adAccountId);
    const search = lastRequest(google.requestsTo(/\/customers\/1234567890\/googleAds:searchStream$/));
    expect(search.headers['developer-token']).toBe(GOOGLE.developerToken);
    const query = JSON.parse(search.body).query as string;
    expect(query).toMatch(
      /^SELECT segments\.date, metrics\.cost_micros, customer\.currency_code FROM customer WHERE segments\.date BETWEEN '/,
    );
    const [, since, until] = /BETWEEN '([0-9-]+)' AND '([0-9-]+)'/.exec(query)!;
    const expected = Object.fromEntries(
      Object.entries(google.customer('1234567890').costMicros)
        .filter(([day]) => day >= since! && day <= until!)
        .map(([day, micros]) => [day, (Math.round(Number(micros) / 10_000) / 100).toFixed(2)]),
    );
    expect(await storedDays(adAccountId)).toEqual(expected);
  });

  it('refreshes an access token that ended, without the user', async () => {
    google.expireAccessTokens();
    const refreshes = google.requestsTo(/^\/token$/).length;
    expect(await syncNow(company, adAccountId)).toMatchObject({ kind: 'spend' });
    expect(google.requestsTo(/^\/token$/).length).toBe(refreshes + 1);
    expect(lastRequest(google.requestsTo(/^\/token$/)).body).toContain('grant_type=refresh_token');
    // Due by the clock too: refreshed before asking.
    await platform.db.query("UPDATE platform.ad_grants SET refresh_after = now() - interval '1 minute' WHERE company_id = $1", [
      company,
    ]);
    expect(await syncNow(company, adAccountId)).toMatchObject({ kind: 'spend' });
    expect(google.requestsTo(/^\/token$/).length).toBe(refreshes + 2);
  });

  it('waits when Google answers RESOURCE_EXHAUSTED, as long as it says', async () => {
    google.throttleNext('1234567890');
    expect(await syncNow(company, adAccountId)).toMatchObject({ kind: 'throttled', retryAfterMs: 90_000 });
    expect((await accountRow(adAccountId)).last_sync_error).toMatch(/RESOURCE_EXHAUSTED/);
  });

  it('a revoked grant (invalid_grant at refresh) disconnects the account', async () => {
    google.revoke('carol');
    expect(await syncNow(company, adAccountId)).toMatchObject({
      kind: 'disconnected',
      reason: expect.stringContaining('invalid_grant'),
    });
    expect(await accountRow(adAccountId)).toMatchObject({ status: 'disconnected' });
    await platform.request('get', '/api/ad-accounts/connect/google/accounts', await admin.token()).expect(404);
  });
});
