import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../../testing';
import { HELD_ELSEWHERE, STATE_UNKNOWN } from '../ad-account-messages';
import { AdConnectService } from './ad-connect.service';

/**
 * Connecting an ad platform per company with the sandbox ad platform (its consent page approves
 * at once): the connect route's redirect and its tenancy rules, the callback's single-use state,
 * a declined consent, the readable accounts, and one company at a time per provider account —
 * under the sandbox too, where POST /api/ad-accounts needs no grant (decision 0043). The same flows
 * against Meta and Google stand-ins: live-ad-platform.integration-spec.ts.
 */
const PUBLIC_URL = 'https://suite.example.test';
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('ad_connect', { env: { PLATFORM_PUBLIC_URL: PUBLIC_URL } });
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const pathOf = (location: string) => {
  const url = new URL(location);
  return url.pathname + url.search;
};

/** The browser's trip: the connect route, the (sandbox) consent page, back to the callback; the callback's answer. */
async function consent(token: string, provider: 'facebook' | 'google', options: { companyId?: string; deny?: boolean } = {}) {
  const query = options.companyId ? `?company_id=${options.companyId}` : '';
  const start = await platform.request('get', `/api/ad-accounts/connect/${provider}${query}`, token).expect(302);
  const page = pathOf(start.headers.location!) + (options.deny ? '&decision=deny' : '');
  const back = await platform.request('get', page, null).expect(302);
  expect(back.headers.location!.startsWith(`${PUBLIC_URL}/api/ad-accounts/callback/${provider}?`)).toBe(true);
  return platform.request('get', pathOf(back.headers.location!), null);
}

/** A grant of the company through the service (any company, no browser). */
async function grantDirect(companyId: string, userId: string, provider: 'facebook' | 'google' = 'facebook'): Promise<void> {
  const service = platform.app.get(AdConnectService);
  const consentUrl = new URL(await service.begin(companyId, userId, provider));
  await service.complete(provider, { code: 'sandbox-code-direct', state: consentUrl.searchParams.get('state')! });
}

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: '/api/ad-accounts/connect/facebook',
    permission: 'manage-ad-accounts',
    target: async () => ({}),
    status: 302,
    expected: {},
  },
  {
    method: 'get',
    path: '/api/ad-accounts/connect/google/accounts',
    permission: 'manage-ad-accounts',
    target: async (key) => {
      await grantDirect(fixture.company[key], fixture.admin[key].id, 'google');
      return {};
    },
    status: 200,
    expected: {
      success: true,
      data: [
        { account_id: '123-456-7890', name: 'Sandbox Google Ads 123-456-7890', currency: 'USD', time_zone: 'America/New_York' },
        { account_id: '912-345-6789', name: 'Sandbox Google Ads 912-345-6789', currency: 'EUR', time_zone: 'Europe/Berlin' },
      ],
    },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('the consent', () => {
  it('sends the browser to the consent page with client_id, a redirect_uri under PLATFORM_PUBLIC_URL, state and the read-only scope', async () => {
    const response = await platform
      .request('get', '/api/ad-accounts/connect/facebook', await fixture.admin.A.token())
      .expect(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const url = new URL(response.headers.location!);
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/api/sandbox/ad-consent/facebook`);
    expect(url.searchParams.get('client_id')).toBe('sandbox-facebook-app');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/ad-accounts/callback/facebook`);
    expect(url.searchParams.get('scope')).toBe('ads_read');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const google = await platform.request('get', '/api/ad-accounts/connect/google', await fixture.admin.A.token()).expect(302);
    expect(new URL(google.headers.location!).searchParams.get('scope')).toBe('https://www.googleapis.com/auth/adwords');
  });

  it('answers 404 for an ad platform that does not exist', async () => {
    const response = await platform.request('get', '/api/ad-accounts/connect/twitter', await fixture.admin.A.token()).expect(404);
    expect(response.body).toEqual({ success: false, message: 'Ad platform twitter is not available here.', errors: {} });
  });

  it('stores the grant at the callback and lists what it may read; the state works once', async () => {
    const company = await platform.company('Consenting');
    const admin = await platform.actor(company, ['manage-ad-accounts', 'view-dashboard']);
    const token = await admin.token();
    const start = await platform.request('get', '/api/ad-accounts/connect/facebook', token).expect(302);
    const back = await platform.request('get', pathOf(start.headers.location!), null).expect(302);
    const callback = await platform.request('get', pathOf(back.headers.location!), null).expect(200);
    expect(callback.headers['cache-control']).toBe('no-store');
    expect(callback.body).toEqual({
      success: true,
      message: 'Facebook Ads connected: choose an ad account.',
      data: {
        provider: 'facebook',
        accounts: [
          {
            account_id: 'act_1234567890',
            name: 'Sandbox Facebook Ads act_1234567890',
            currency: 'USD',
            time_zone: 'America/New_York',
          },
          {
            account_id: 'act_2345678901',
            name: 'Sandbox Facebook Ads act_2345678901',
            currency: 'USD',
            time_zone: 'America/New_York',
          },
        ],
        reconnected: [],
      },
    });
    const [grant] = await platform.db.query(
      'SELECT status, access_token, granted_by::text, scope FROM platform.ad_grants WHERE company_id = $1',
      [company],
    );
    // Sealed: `v1.<key id>.<iv>.<tag>.<ciphertext>`, never the token itself.
    expect(grant).toMatchObject({ status: 'active', granted_by: admin.id, scope: 'ads_read' });
    expect(grant.access_token).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[^.]+\.[^.]+\.[^.]+$/);
    expect(grant.access_token).not.toContain('sandbox-access-');
    // The same state again: used up.
    const replay = await platform.request('get', pathOf(back.headers.location!), null).expect(400);
    expect(replay.body).toEqual({ success: false, message: STATE_UNKNOWN, errors: { state: [STATE_UNKNOWN] } });
    await platform.request('get', '/api/ad-accounts/connect/facebook/accounts', token).expect(200);
  });

  it('refuses a missing, unknown, expired or another provider’s state, and a missing code', async () => {
    const token = await fixture.admin.B.token();
    await platform.request('get', '/api/ad-accounts/callback/facebook?code=sandbox-code-x', null).expect(400);
    const unknown = await platform
      .request('get', '/api/ad-accounts/callback/facebook?code=sandbox-code-x&state=nope', null)
      .expect(400);
    expect(unknown.body.errors).toEqual({ state: [STATE_UNKNOWN] });

    const start = await platform.request('get', '/api/ad-accounts/connect/google', token).expect(302);
    const state = new URL(start.headers.location!).searchParams.get('state')!;
    await platform.request('get', `/api/ad-accounts/callback/facebook?code=sandbox-code-x&state=${state}`, null).expect(400);

    const expiring = await platform.request('get', '/api/ad-accounts/connect/google', token).expect(302);
    const expired = new URL(expiring.headers.location!).searchParams.get('state')!;
    await platform.db.query(
      "UPDATE platform.ad_connect_states SET expires_at = now() - interval '1 second' WHERE company_id = $1",
      [fixture.company.B],
    );
    await platform.request('get', `/api/ad-accounts/callback/google?code=sandbox-code-x&state=${expired}`, null).expect(400);

    const noCode = await platform.request('get', '/api/ad-accounts/connect/google', token).expect(302);
    const fresh = new URL(noCode.headers.location!).searchParams.get('state')!;
    const missing = await platform.request('get', `/api/ad-accounts/callback/google?state=${fresh}`, null).expect(400);
    expect(missing.body.errors).toEqual({ code: ['code is required.'] });
    // Parameters a provider adds are taken and ignored; a repeated one is refused.
    await platform.request('get', `/api/ad-accounts/callback/google?state=a&state=b`, null).expect(400);
  });

  it('answers 422 when the user declines, and stores nothing', async () => {
    const company = await platform.company('Declining');
    const admin = await platform.actor(company, ['manage-ad-accounts']);
    const response = await consent(await admin.token(), 'google', { deny: true });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      success: false,
      message: 'Google Ads consent not given: The sandbox user declined.',
      errors: { error: ['Google Ads consent not given: The sandbox user declined.'] },
    });
    expect(await platform.db.query('SELECT 1 FROM platform.ad_grants WHERE company_id = $1', [company])).toEqual([]);
    await platform.request('get', '/api/ad-accounts/connect/google/accounts', await admin.token()).expect(404);
  });

  it("consents for an agency's child with company_id: the grant is the child's", async () => {
    const response = await consent(await fixture.admin.A.token(), 'facebook', { companyId: fixture.company.C });
    expect(response.status).toBe(200);
    const rows = await platform.db.query("SELECT company_id::text FROM platform.ad_grants WHERE provider = 'facebook'");
    expect(rows).toContainEqual({ company_id: fixture.company.C });
  });

  it("the sandbox's consent page sends the browser nowhere but the platform's callback", async () => {
    const start = await platform.request('get', '/api/ad-accounts/connect/facebook', await fixture.admin.A.token()).expect(302);
    const url = new URL(start.headers.location!);
    url.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const refused = await platform.request('get', url.pathname + url.search, null).expect(400);
    expect(refused.body.errors).toHaveProperty('redirect_uri');
    url.searchParams.set('redirect_uri', `${PUBLIC_URL}/api/ad-accounts/callback/facebook`);
    url.searchParams.set('client_id', 'someone-else');
    await platform.request('get', url.pathname + url.search, null).expect(400);
  });
});

describe('one company at a time per ad account (sandbox: no grant needed)', () => {
  const connect = (token: string, accountId: string, provider = 'facebook') =>
    platform.request('post', '/api/ad-accounts', token).send({ provider, account_id: accountId });

  it('refuses company B an account company A connected, with 422 on account_id; B may once A lets it go', async () => {
    const a = await platform.company('Holder A');
    const b = await platform.company('Prober B');
    const [adminA, adminB] = [
      await platform.user(a, { permissions: ['manage-ad-accounts'] }),
      await platform.user(b, { permissions: ['manage-ad-accounts'] }),
    ];
    await platform.replicated();
    const held = await connect(await adminA.token(), 'act_5550001').expect(201);
    const refused = await connect(await adminB.token(), 'act_5550001').expect(422);
    expect(refused.body).toEqual({ success: false, message: HELD_ELSEWHERE, errors: { account_id: [HELD_ELSEWHERE] } });
    expect(await platform.db.query('SELECT 1 FROM platform.ad_accounts WHERE company_id = $1', [b])).toEqual([]);
    await platform.request('delete', `/api/ad-accounts/${held.body.data.id}`, await adminA.token()).expect(200);
    await connect(await adminB.token(), 'act_5550001').expect(201);
    await connect(await adminA.token(), 'act_5550001').expect(422);
  });

  it('lets one of two companies racing for the same account win (a unique index decides)', async () => {
    const companies = [await platform.company('Racer 1'), await platform.company('Racer 2')];
    const admins = [];
    for (const company of companies) admins.push(await platform.user(company, { permissions: ['manage-ad-accounts'] }));
    await platform.replicated();
    const tokens = await Promise.all(admins.map((admin) => admin.token()));
    for (let round = 0; round < 3; round++) {
      const id = `act_55501${round}`;
      const answers = await Promise.all(tokens.map((token) => connect(token, id)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      const rows = await platform.db.query(
        "SELECT company_id FROM platform.ad_accounts WHERE account_id = $1 AND status = 'connected'",
        [id],
      );
      expect(rows).toHaveLength(1);
      // Each company holds one account a provider: the next round starts from none.
      await platform.db.query('DELETE FROM platform.ad_accounts WHERE company_id = ANY($1)', [companies]);
    }
  });

  it("an agency cannot take its child's account, nor the child the agency's", async () => {
    const { agency, child } = await platform.agencyWithChild();
    const admin = await platform.actor(agency, ['manage-ad-accounts']);
    const token = await admin.token();
    await platform
      .request('post', `/api/ad-accounts?company_id=${child}`, token)
      .send({ provider: 'google', account_id: '555-000-1111' })
      .expect(201);
    await platform
      .request('post', '/api/ad-accounts', token)
      .send({ provider: 'google', account_id: '555-000-1111' })
      .expect(422);
  });

  it("a disconnected account no longer holds its id; its company's next consent leaves it disconnected, saying why", async () => {
    const a = await platform.company('Lapsed A');
    const b = await platform.company('Taker B');
    const adminA = await platform.actor(a, ['manage-ad-accounts']);
    const adminB = await platform.actor(b, ['manage-ad-accounts']);
    const created = await connect(await adminA.token(), 'act_1234567890').expect(201);
    // As a revoked grant leaves it (grants.revoke): disconnected, spend null.
    await platform.db.query(
      "UPDATE platform.ad_accounts SET status = 'disconnected', disconnected_reason = 'revoked' WHERE id = $1",
      [created.body.data.id],
    );
    await connect(await adminB.token(), 'act_1234567890').expect(201);
    const again = await consent(await adminA.token(), 'facebook');
    expect(again.status).toBe(200);
    expect(again.body.data.reconnected).toEqual([]);
    const [stored] = await platform.db.query('SELECT status, disconnected_reason FROM platform.ad_accounts WHERE id = $1', [
      created.body.data.id,
    ]);
    expect(stored).toEqual({ status: 'disconnected', disconnected_reason: HELD_ELSEWHERE });
    // B lets go: A's next consent connects it again.
    await platform.db.query('DELETE FROM platform.ad_accounts WHERE company_id = $1', [b]);
    expect((await consent(await adminA.token(), 'facebook')).body.data.reconnected).toEqual(['act_1234567890']);
  });
});
