import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '@suite/passwords';
import { ACCESS_TOKEN_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT_TYPE, USER_ID_TOKEN_TYPE } from '@suite/contracts';
import { FormSession, hiddenFields, pkceAuthorization } from '@suite/testing';
import { AuthTestApp, type OAuthErrorBody } from './testing/auth-test-app';
import { CLOCK, type Clock } from '@suite/time';

/**
 * Throttling that a stranger cannot turn against the real client or user (decision 0021), on
 * the default configuration: TRUSTED_PROXIES unset, so no forwarded header is believed. A
 * request "from" another address is injected into Fastify with that socket address, which is
 * what a real connection from there looks like to the app.
 */
const PASSWORD = 'correct horse battery staple';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';
/** A stranger's address; each test has its own (an address over its limit stays so for the minute). */
const STRANGER = '203.0.113.66';
const OTHER_STRANGER = '203.0.113.67';

let auth: AuthTestApp;
let app: INestApplication;
let base: string;
let userEmail: string;
/** Accounts the login tests lock, one per test, so a lock never reaches another test. */
const victims: Record<'xff' | 'spread' | 'device', string> = { xff: '', spread: '', device: '' };

beforeAll(async () => {
  auth = await AuthTestApp.start('throttling');
  ({ app, base } = auth);
  const stamp = Date.now();
  userEmail = `lin-${stamp}@example.com`;
  victims.xff = `xff-${stamp}@example.com`;
  victims.spread = `spread-${stamp}@example.com`;
  victims.device = `device-${stamp}@example.com`;
  const passwordHash = await hashPassword(PASSWORD);
  const users = [userEmail, victims.xff, victims.spread, victims.device].map((email, i) => ({
    id: String(7 + i),
    companyId: '42',
    permissions: ['view-users' as const],
    email,
    passwordHash,
  }));
  await auth.seed([{ id: '42', parentCompanyId: null }], users);
});

afterAll(async () => {
  await auth?.stop();
});

afterEach(() => jest.restoreAllMocks());

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/** One request as if it came over a connection from `remoteAddress`. */
async function from(
  remoteAddress: string,
  request: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; form?: Record<string, string> },
): Promise<Answer> {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  const response = await fastify.inject({
    method: request.method,
    url: request.url,
    remoteAddress,
    headers: { ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...request.headers },
    payload: request.form ? new URLSearchParams(request.form).toString() : undefined,
  });
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, value === undefined ? undefined : String(value)]),
  );
  return { status: response.statusCode, headers, body: response.body };
}

interface RegisteredClient {
  client_id: string;
  client_secret?: string;
}

async function registerClient(confidential: boolean): Promise<RegisteredClient> {
  const response = await fetch(`${base}/internal/oauth-clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': AuthTestApp.INTERNAL_TOKEN },
    body: JSON.stringify({ name: 'Acme CRM', redirect_uri: REDIRECT_URI, confidential, company_id: '42' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RegisteredClient;
}

const authorization = (client: RegisteredClient) =>
  pkceAuthorization(base, { clientId: client.client_id, redirectUri: REDIRECT_URI, scope: 'view-users' });

/** The real user signs in and consents (from 127.0.0.1); returns a code and its verifier. */
async function codeFor(client: RegisteredClient): Promise<{ code: string; verifier: string }> {
  const { url, verifier } = authorization(client);
  const browser = new FormSession(base);
  const login = await browser.get(url);
  const loggedIn = await browser.post('/login/oauth/login', {
    ...hiddenFields(await login.text()),
    email: userEmail,
    password: PASSWORD,
  });
  expect(loggedIn.status).toBe(303);
  const consent = await browser.get(new URL(loggedIn.headers.get('location')!, base).toString());
  const decided = await browser.post('/login/oauth/consent', { ...hiddenFields(await consent.text()), decision: 'allow' });
  expect(decided.status).toBe(303);
  return { code: new URL(decided.headers.get('location')!).searchParams.get('code')!, verifier };
}

/** The real client, over its own connection from 127.0.0.1. */
async function token(path: string, fields: Record<string, string>): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const oauthError = (answer: Answer): OAuthErrorBody => JSON.parse(answer.body) as OAuthErrorBody;

describe('token endpoint: a stranger cannot lock a client out', () => {
  it('limits failed client authentication by the stranger’s address; the real client still exchanges and refreshes', async () => {
    const client = await registerClient(true);
    const { code, verifier } = await codeFor(client);

    const attempt = () =>
      from(STRANGER, {
        method: 'POST',
        url: '/oauth/token',
        form: {
          grant_type: 'authorization_code',
          code: 'guess',
          client_id: client.client_id,
          client_secret: 'wrong',
          redirect_uri: REDIRECT_URI,
        },
      });
    const answers: Answer[] = [];
    for (let i = 0; i < 65; i += 1) answers.push(await attempt());

    const auth = { client_id: client.client_id, client_secret: client.client_secret! };
    const exchanged = await token('/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      ...auth,
    });
    expect(exchanged.status).toBe(200);
    const refreshed = await token('/oauth/token/refresh', {
      grant_type: 'refresh_token',
      refresh_token: exchanged.body.refresh_token!,
      redirect_uri: REDIRECT_URI,
      ...auth,
    });
    expect(refreshed.status).toBe(200);

    expect(answers.map((a) => a.status)).toEqual([...Array(20).fill(401), ...Array(45).fill(429)]);
    const refused = answers[64]!;
    expect(oauthError(refused)).toEqual({
      error: 'slow_down',
      error_description: expect.stringMatching(/failed client authentication/i),
      message: expect.any(String),
    });
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    // Refused before the secret is looked at: from that address even the right secret waits.
    const right = await from(STRANGER, {
      method: 'POST',
      url: '/oauth/token/refresh',
      form: { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token!, redirect_uri: REDIRECT_URI, ...auth },
    });
    expect(right.status).toBe(429);
    // A suite service proving the internal token is not: login-as from that address still reaches the exchange.
    const internal = await from(STRANGER, {
      method: 'POST',
      url: '/oauth/token',
      headers: { 'x-internal-token': AuthTestApp.INTERNAL_TOKEN },
      form: {
        grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
        subject_token: '7',
        subject_token_type: USER_ID_TOKEN_TYPE,
        actor_token: 'not-a-token',
        actor_token_type: ACCESS_TOKEN_TOKEN_TYPE,
      },
    });
    expect({ status: internal.status, error: oauthError(internal).error }).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('a public client’s budget is per client and address: a stranger spending it elsewhere does not touch the real client’s', async () => {
    const client = await registerClient(false);
    const { code, verifier } = await codeFor(client);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const answer = await from(OTHER_STRANGER, {
        method: 'POST',
        url: '/oauth/token',
        form: {
          grant_type: 'authorization_code',
          code: `guess-${i}`,
          client_id: client.client_id,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(60).fill(400), 429]);

    const exchanged = await token('/oauth/token', {
      grant_type: 'authorization_code',
      code,
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    const refreshed = await token('/oauth/token/refresh', {
      grant_type: 'refresh_token',
      refresh_token: exchanged.body.refresh_token!,
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
    });
    expect(refreshed.status).toBe(200);
  });

  it('does not take X-Forwarded-For from an untrusted peer as the source: rotating it from loopback is still one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const answer = await from('127.0.0.1', {
        method: 'POST',
        url: '/oauth/token',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        form: { grant_type: 'refresh_token', refresh_token: 'x', client_id: `unknown-${i}`, client_secret: 'wrong' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
  });
});

describe('login: rotating addresses cannot brute-force one account', () => {
  /** Freezes auth's clock (locks then last until the test moves it). */
  function freezeClock(at = Date.now()): { advance(ms: number): void } {
    let now = at;
    jest.spyOn(app.get<Clock>(CLOCK), 'now').mockImplementation(() => new Date(now));
    return { advance: (ms) => void (now += ms) };
  }

  async function loginForm(email: string, password: string): Promise<{ browser: FormSession; fields: Record<string, string> }> {
    const browser = new FormSession(base);
    const client = await registerClient(true);
    const page = await browser.get(authorization(client).url);
    return { browser, fields: { ...hiddenFields(await page.text()), email, password } };
  }

  it('password tries with a rotating X-Forwarded-For from loopback are limited', async () => {
    freezeClock();
    const { browser, fields } = await loginForm(victims.xff, 'wrong password');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await browser.post('/login/oauth/login', fields, { 'x-forwarded-for': `198.51.100.${i + 1}` })).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
  });

  /** Posts the login form of `browser`'s session over a connection from `address`. */
  const postFrom = (address: string, browser: FormSession, fields: Record<string, string>) =>
    from(address, { method: 'POST', url: '/login/oauth/login', headers: { cookie: browser.cookie }, form: fields });

  const LOCKED = /temporarily locked after too many failed sign-in attempts\. Try again in \d+ (seconds?|minutes)\./;

  it('locks an account, not an address: failures from many addresses lead to a short lock with a clear 429 page, growing on', async () => {
    const clock = freezeClock();
    const { browser, fields } = await loginForm(victims.spread, 'wrong password');
    const answers: Answer[] = [];
    for (let i = 0; i < 7; i += 1) answers.push(await postFrom(`198.51.100.${10 + i}`, browser, fields));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const locked = answers[6]!;
    expect(locked.headers['content-type']).toContain('text/html');
    expect(locked.body).toMatch(LOCKED);
    expect(locked.body).toContain('role="alert"');
    expect(locked.headers['retry-after']).toBe('1');

    // The right password from a browser that never signed in waits too, and gets in after the lock.
    const fresh = await loginForm(victims.spread, PASSWORD);
    expect((await fresh.browser.post('/login/oauth/login', fresh.fields)).status).toBe(429);
    clock.advance(1_000);
    // One more failure after the lock: the next lock is twice as long.
    expect((await postFrom('198.51.100.30', browser, fields)).status).toBe(401);
    const longer = await postFrom('198.51.100.31', browser, fields);
    expect(longer.status).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    clock.advance(2_000);
    expect((await fresh.browser.post('/login/oauth/login', fresh.fields)).status).toBe(303);
    // A success starts the count again: five more free tries.
    const again: number[] = [];
    for (let i = 0; i < 6; i += 1) again.push((await postFrom(`198.51.100.${40 + i}`, browser, fields)).status);
    expect(again).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('answers an unknown email exactly like a known one', async () => {
    freezeClock();
    const { browser, fields } = await loginForm(`nobody-${Date.now()}@example.com`, 'wrong password');
    const answers: Answer[] = [];
    for (let i = 0; i < 7; i += 1) answers.push(await postFrom(`198.51.100.${60 + i}`, browser, fields));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(answers[6]!.body).toMatch(LOCKED);
    expect(answers[6]!.headers['retry-after']).toBe('1');
  });

  it('a browser that signed in to the account before keeps its own allowance while strangers lock the account', async () => {
    freezeClock();
    const known = await loginForm(victims.device, PASSWORD);
    expect((await known.browser.post('/login/oauth/login', known.fields)).status).toBe(303);
    known.browser.forget('suite_auth_session');

    const { browser, fields } = await loginForm(victims.device, 'wrong password');
    for (let i = 0; i < 6; i += 1) await postFrom(`198.51.100.${80 + i}`, browser, fields);
    const stranger = await postFrom('198.51.100.90', browser, fields);
    expect(stranger.status).toBe(429);

    const page = await known.browser.get(authorization(await registerClient(true)).url);
    const signedIn = await known.browser.post('/login/oauth/login', {
      ...hiddenFields(await page.text()),
      email: victims.device,
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(303);
  });
});
