import type { INestApplication } from '@nestjs/common';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { generators, Issuer, type BaseClient } from 'openid-client';
import { DataSource } from 'typeorm';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TYPE } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { eventually, FormSession, hiddenFields } from '@suite/testing';
import { AuthTestApp } from './testing/auth-test-app';
import { hashPassword } from '@suite/passwords';
import { CLOCK, type Clock } from '@suite/time';

/**
 * The authorization server against real PostgreSQL and Kafka: the whole authorization-code
 * flow driven by openid-client (discovery, PKCE, callback, refresh), then one test per
 * security rule. The login user arrives the way production's do: a `user.created` event.
 */
/** The token AuthTestApp starts the app with. */
const INTERNAL_TOKEN = 'i'.repeat(40);
const PASSWORD = 'correct horse battery staple';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';

let auth: AuthTestApp;
let app: INestApplication;
let base: string;
let db: DataSource;
let userEmail: string;

beforeAll(async () => {
  auth = await AuthTestApp.start('oauth_server');
  ({ app, base, db } = auth);
  userEmail = `ada-${Date.now()}@example.com`;
  const passwordHash = await hashPassword(PASSWORD);
  await db.transaction((manager) =>
    app.get(Outbox).append(
      manager,
      newEvent('user.created', {
        companyId: '42',
        subject: '7',
        data: {
          id: '7',
          company_id: '42',
          email: userEmail,
          name: 'Ada',
          status: 'Active',
          role_id: null,
          permissions: ['view-users'],
          password_hash: passwordHash,
        },
      }),
    ),
  );
  await eventually(
    () => db.query(`SELECT id FROM auth.login_users WHERE id = 7`),
    (rows: unknown[]) => rows.length === 1,
    {
      timeoutMs: 60_000,
      what: 'the user.created event to reach login_users',
    },
  );
});

afterAll(async () => {
  await auth?.stop();
});

afterEach(() => jest.restoreAllMocks());

/** What the token endpoints answer, success or error. */
interface OAuthBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  error: string;
  error_description: string;
  message: string;
}
const oauthBody = (response: Response): Promise<OAuthBody> => response.json() as Promise<OAuthBody>;

interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  redirect_uri: string;
}

async function registerClient(confidential = true, name = 'Acme CRM'): Promise<RegisteredClient> {
  const response = await fetch(`${base}/internal/oauth-clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
    body: JSON.stringify({ name, redirect_uri: REDIRECT_URI, confidential, company_id: '42' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RegisteredClient;
}

/** The token request of a confidential client exchanging its code (with the PKCE verifier) at REDIRECT_URI. */
const codeGrant = (registered: RegisteredClient, code: string, verifier: string) => ({
  grant_type: 'authorization_code',
  code,
  client_id: registered.client_id,
  client_secret: registered.client_secret!,
  redirect_uri: REDIRECT_URI,
  code_verifier: verifier,
});

async function openIdClient(registered: RegisteredClient): Promise<BaseClient> {
  const issuer = await Issuer.discover(`${base}/.well-known/oauth-authorization-server`);
  return new issuer.Client({
    client_id: registered.client_id,
    client_secret: registered.client_secret,
    redirect_uris: [REDIRECT_URI],
    response_types: ['code'],
    token_endpoint_auth_method: registered.client_secret ? 'client_secret_basic' : 'none',
  });
}

/** Logs in and consents through the HTML forms; returns the redirect back to the client. */
async function approve(authorizationUrl: string, browser = new FormSession(base)): Promise<URL> {
  const loginPage = await browser.get(authorizationUrl);
  expect(loginPage.status).toBe(200);
  const loginHtml = await loginPage.text();
  expect(loginHtml).toContain('<html lang="en">');
  expect(loginHtml).toContain('<label for="email">');
  const loggedIn = await browser.post('/login/oauth/login', { ...hiddenFields(loginHtml), email: userEmail, password: PASSWORD });
  expect(loggedIn.status).toBe(303);
  const consentPage = await browser.get(new URL(loggedIn.headers.get('location')!, base).toString());
  expect(consentPage.status).toBe(200);
  const consentHtml = await consentPage.text();
  expect(consentHtml).toContain('Allow Acme CRM to access your account?');
  const decided = await browser.post('/login/oauth/consent', { ...hiddenFields(consentHtml), decision: 'allow' });
  expect(decided.status).toBe(303);
  return new URL(decided.headers.get('location')!);
}

async function codeFor(client: BaseClient, options: { scope?: string; pkce?: boolean } = {}) {
  const verifier = generators.codeVerifier();
  const state = generators.state();
  const url = client.authorizationUrl({
    scope: options.scope ?? 'view-users',
    state,
    ...(options.pkce === false ? {} : { code_challenge: generators.codeChallenge(verifier), code_challenge_method: 'S256' }),
  });
  const callback = await approve(url);
  return { verifier, state, callback, code: callback.searchParams.get('code')! };
}

function tokenRequest(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const grantRevocations = (grantId: string): Promise<Array<{ reason: string }>> =>
  db.query(`SELECT envelope->'data'->>'reason' AS reason FROM auth.outbox WHERE type = 'grant.revoked' AND subject = $1`, [
    grantId,
  ]);

describe('authorization code flow (openid-client)', () => {
  it('discovers the server, authorizes with PKCE, exchanges the code, verifies the JWT and refreshes', async () => {
    const registered = await registerClient();
    const client = await openIdClient(registered);
    expect(client.issuer.metadata.code_challenge_methods_supported).toEqual(['S256']);
    const { verifier, state, callback } = await codeFor(client);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('iss')).toBe(base);

    const tokens = await client.oauthCallback(REDIRECT_URI, client.callbackParams(callback.toString()), {
      code_verifier: verifier,
      state,
    });
    expect(tokens).toMatchObject({
      token_type: expect.stringMatching(/^bearer$/i),
      scope: 'view-users',
      expires_in: expect.any(Number),
    });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as JSONWebKeySet & {
      keys: Array<{ kid: string }>;
    };
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token!, createLocalJWKSet(jwks), {
      issuer: base,
      audience: ACCESS_TOKEN_AUDIENCE,
      typ: ACCESS_TOKEN_TYPE,
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'at+jwt', kid: jwks.keys[0].kid });
    expect(payload).toMatchObject({
      sub: '7',
      company_id: '42',
      client_id: registered.client_id,
      scope: 'view-users',
      sid: expect.any(String),
    });
    expect(payload.exp! - payload.iat!).toBe(600);
    const [key] = await db.query(`SELECT private_key FROM auth.signing_keys`);
    expect(key.private_key).toMatch(/^enc:v1:/);

    const refreshed = await client.refresh(tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('serves RFC 8414 metadata and answers token errors with no-store and the OAuth body', async () => {
    const metadata = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/login/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
    });
    expect(metadata.scopes_supported).toContain('*');
  });

  it('works for a public client with PKCE through the spec refresh endpoint', async () => {
    const registered = await registerClient(false);
    expect(registered.client_secret).toBeUndefined();
    const client = await openIdClient(registered);
    const { verifier, code } = await codeFor(client, { scope: '*' });
    const exchanged = await tokenRequest('/oauth/token', {
      grant_type: 'authorization_code',
      code,
      client_id: registered.client_id,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.get('cache-control')).toBe('no-store');
    expect(exchanged.headers.get('pragma')).toBe('no-cache');
    const tokens = await oauthBody(exchanged);
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: '*', expires_in: 600 });
    const refreshed = await tokenRequest('/oauth/token/refresh', {
      grant_type: 'refresh_token',
      client_id: registered.client_id,
      redirect_uri: REDIRECT_URI,
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const wrongRedirect = await tokenRequest('/oauth/token/refresh', {
      grant_type: 'refresh_token',
      client_id: registered.client_id,
      redirect_uri: 'http://127.0.0.1:9/other',
      refresh_token: (await oauthBody(refreshed)).refresh_token,
    });
    expect(wrongRedirect.status).toBe(400);
    expect(await oauthBody(wrongRedirect)).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('security rules', () => {
  it('a replayed code is refused and the tokens of its grant are revoked (grant.revoked code_replay)', async () => {
    const registered = await registerClient();
    const client = await openIdClient(registered);
    const { verifier, code } = await codeFor(client);
    const fields = codeGrant(registered, code, verifier);
    const first = await tokenRequest('/oauth/token', fields);
    expect(first.status).toBe(200);
    const { refresh_token } = await oauthBody(first);
    const replay = await tokenRequest('/oauth/token', fields);
    expect(replay.status).toBe(400);
    expect(await oauthBody(replay)).toEqual({
      error: 'invalid_grant',
      error_description: expect.any(String),
      message: expect.any(String),
    });
    const [grant] = await db.query(
      `SELECT g.id, g.revoked_reason FROM auth.grants g JOIN auth.authorization_codes c ON c.grant_id = g.id WHERE c.used_at IS NOT NULL AND g.client_id = $1`,
      [registered.client_id],
    );
    expect(grant.revoked_reason).toBe('code_replay');
    expect(await grantRevocations(grant.id)).toEqual([{ reason: 'code_replay' }]);
    const refresh = await tokenRequest('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token,
      client_id: registered.client_id,
      client_secret: registered.client_secret!,
    });
    expect(refresh.status).toBe(400);
  });

  it('a redirect URI that is not exactly registered gets an error page at authorize (no redirect) and invalid_grant at the token endpoint', async () => {
    const registered = await registerClient();
    const client = await openIdClient(registered);
    const page = await fetch(client.authorizationUrl({ scope: 'view-users', redirect_uri: `${REDIRECT_URI}/` }), {
      redirect: 'manual',
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('redirect_uri is not the one registered');

    const { verifier, code } = await codeFor(client);
    const response = await tokenRequest('/oauth/token', {
      ...codeGrant(registered, code, verifier),
      redirect_uri: 'http://127.0.0.1:9/other',
    });
    expect(response.status).toBe(400);
    expect((await oauthBody(response)).error).toBe('invalid_grant');
  });

  it('redirects other authorization errors to the client with state (unsupported response type, plain PKCE)', async () => {
    const registered = await registerClient(false);
    const client = await openIdClient(registered);
    const plain = await fetch(
      client.authorizationUrl({
        scope: 'view-users',
        state: 's1',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'plain',
      }),
      { redirect: 'manual' },
    );
    expect(plain.status).toBe(303);
    const location = new URL(plain.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('s1');
    const noPkce = await fetch(client.authorizationUrl({ scope: 'view-users' }), { redirect: 'manual' });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const token = await fetch(client.authorizationUrl({ scope: 'view-users', response_type: 'token' }), { redirect: 'manual' });
    expect(new URL(token.headers.get('location')!).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('a wrong client secret is 401 invalid_client (WWW-Authenticate with Basic)', async () => {
    const registered = await registerClient();
    const post = await tokenRequest('/oauth/token', {
      grant_type: 'authorization_code',
      code: 'x',
      client_id: registered.client_id,
      client_secret: 'wrong',
      redirect_uri: REDIRECT_URI,
    });
    expect(post.status).toBe(401);
    expect(await oauthBody(post)).toMatchObject({ error: 'invalid_client' });
    const basic = await tokenRequest(
      '/oauth/token',
      { grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT_URI },
      { authorization: `Basic ${Buffer.from(`${registered.client_id}:wrong`).toString('base64')}` },
    );
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('an unknown grant type is unsupported_grant_type', async () => {
    const registered = await registerClient();
    const response = await tokenRequest('/oauth/token', {
      grant_type: 'password',
      client_id: registered.client_id,
      client_secret: registered.client_secret!,
    });
    expect(response.status).toBe(400);
    expect((await oauthBody(response)).error).toBe('unsupported_grant_type');
  });

  it('refuses PKCE downgrades: a missing verifier, and a verifier for a code issued without challenge', async () => {
    const registered = await registerClient();
    const client = await openIdClient(registered);
    const withChallenge = await codeFor(client);
    const missing = await tokenRequest('/oauth/token', {
      grant_type: 'authorization_code',
      code: withChallenge.code,
      client_id: registered.client_id,
      client_secret: registered.client_secret!,
      redirect_uri: REDIRECT_URI,
    });
    expect((await oauthBody(missing)).error).toBe('invalid_grant');
    const withoutChallenge = await codeFor(client, { pkce: false });
    const injected = await tokenRequest('/oauth/token', {
      grant_type: 'authorization_code',
      code: withoutChallenge.code,
      client_id: registered.client_id,
      client_secret: registered.client_secret!,
      redirect_uri: REDIRECT_URI,
      code_verifier: withChallenge.verifier,
    });
    expect((await oauthBody(injected)).error).toBe('invalid_grant');
  });

  it('an expired code (over 60 s) is invalid_grant', async () => {
    const registered = await registerClient();
    const client = await openIdClient(registered);
    const { verifier, code } = await codeFor(client);
    const clock = app.get<Clock>(CLOCK);
    const later = new Date(Date.now() + 61_000);
    jest.spyOn(clock, 'now').mockReturnValue(later);
    const response = await tokenRequest('/oauth/token', codeGrant(registered, code, verifier));
    expect(response.status).toBe(400);
    expect(await oauthBody(response)).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The authorization code has expired.',
    });
  });

  it('reuse of a rotated refresh token revokes the whole family (grant.revoked refresh_token_reuse)', async () => {
    const registered = await registerClient();
    const client = await openIdClient(registered);
    const { verifier, state, callback } = await codeFor(client);
    const tokens = await client.oauthCallback(REDIRECT_URI, client.callbackParams(callback.toString()), {
      code_verifier: verifier,
      state,
    });
    const rotated = await client.refresh(tokens.refresh_token!);
    await expect(client.refresh(tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refresh(rotated.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const [grant] = await db.query(`SELECT id, revoked_reason FROM auth.grants WHERE client_id = $1`, [registered.client_id]);
    expect(grant.revoked_reason).toBe('refresh_token_reuse');
    expect(await grantRevocations(grant.id)).toEqual([{ reason: 'refresh_token_reuse' }]);
  });

  it('a refresh may narrow the scope but never widen it', async () => {
    const registered = await registerClient();
    const client = await openIdClient(registered);
    const { verifier, code } = await codeFor(client, { scope: 'view-users edit-users' });
    const auth = { client_id: registered.client_id, client_secret: registered.client_secret! };
    const tokens = await oauthBody(
      await tokenRequest('/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        ...auth,
      }),
    );
    expect(tokens.scope).toBe('edit-users view-users');
    const widened = await tokenRequest('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      scope: 'view-users delete-users',
      ...auth,
    });
    expect(widened.status).toBe(400);
    expect((await oauthBody(widened)).error).toBe('invalid_scope');
    const narrowed = await oauthBody(
      await tokenRequest('/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        scope: 'view-users',
        ...auth,
      }),
    );
    expect(narrowed.scope).toBe('view-users');
    const again = await oauthBody(
      await tokenRequest('/oauth/token', { grant_type: 'refresh_token', refresh_token: narrowed.refresh_token, ...auth }),
    );
    expect(again.scope).toBe('edit-users view-users');
  });

  /** A new client's authorization request in a fresh browser: the login form it shows. */
  async function openLoginForm() {
    const client = await openIdClient(await registerClient());
    const browser = new FormSession(base);
    const page = await browser.get(
      client.authorizationUrl({
        scope: 'view-users',
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    return { browser, page };
  }

  it('rate-limits a login flood with 429: the account locks after 5 failures (decision 0021; throttling.integration-spec.ts has the rest)', async () => {
    const { browser, page } = await openLoginForm();
    const fields = { ...hiddenFields(await page.text()), email: 'flood@example.com', password: 'wrong' };
    // A frozen clock: the first locks last 1 and 2 seconds, which a slow run could outlive.
    const now = new Date();
    jest.spyOn(app.get<Clock>(CLOCK), 'now').mockReturnValue(now);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await browser.post('/login/oauth/login', fields)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('refuses a login or consent form without a valid CSRF token with a 403 page', async () => {
    const { browser, page } = await openLoginForm();
    const { csrf_token: _csrf, ...fields } = hiddenFields(await page.text());
    const missing = await browser.post('/login/oauth/login', { ...fields, email: userEmail, password: PASSWORD });
    expect(missing.status).toBe(403);
    expect(missing.headers.get('content-type')).toContain('text/html');
    const forged = await browser.post('/login/oauth/consent', { ...fields, csrf_token: 'forged', decision: 'allow' });
    expect(forged.status).toBe(403);
  });

  it('deleting a client revokes its grants (grant.revoked client_deleted)', async () => {
    const registered = await registerClient();
    const client = await openIdClient(registered);
    await codeFor(client);
    const deleted = await fetch(`${base}/internal/oauth-clients/${registered.client_id}`, {
      method: 'DELETE',
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    });
    expect(deleted.status).toBe(204);
    const [grant] = await db.query(`SELECT id, revoked_reason FROM auth.grants WHERE client_id = $1`, [registered.client_id]);
    expect(grant.revoked_reason).toBe('client_deleted');
    expect(await grantRevocations(grant.id)).toEqual([{ reason: 'client_deleted' }]);
    const list = (await (
      await fetch(`${base}/internal/oauth-clients?company_id=42`, { headers: { 'x-internal-token': INTERNAL_TOKEN } })
    ).json()) as { clients: Array<{ client_id: string }> };
    expect(list.clients.map((c) => c.client_id)).not.toContain(registered.client_id);
    expect(JSON.stringify(list)).not.toContain('secret');
  });
});
