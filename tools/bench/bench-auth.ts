/**
 * `npm run bench:auth`: what authentication costs on the platform's API and what auth's token
 * endpoint sustains. Platform and auth run in this process on 127.0.0.1 with PostgreSQL
 * (DATABASE_URL or embedded) and in-process events (no Kafka); a company, an admin user, OAuth
 * clients and a personal access token are created through the apps' own services (the admin
 * CLI's bootstrap). Stops by itself in well under two minutes and removes what it created.
 *
 *   - `GET /api/users?per_page=1` with a JWT access token, with a PAT, and unauthenticated (401)
 *     — autocannon, BENCH_SECONDS (default 5) each, BENCH_CONNECTIONS (default 10)
 *   - the auth step alone: AccessTokenVerifier.verify / OpaqueCredentialVerifier.verify in-process
 *   - `/oauth/token` refresh_token grants, each using the previous refresh token; the endpoint
 *     allows 60 requests per minute per client, so BENCH_CLIENTS (default 40) clients run in parallel
 */
import type { INestApplication } from '@nestjs/common';
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AccessTokenVerifier, OpaqueCredentialVerifier } from '@suite/authz';
import { OAuthClientsService, createAuthApp, loadAuthEnvironment } from '@suite/auth-app';
import { holdInProcessDelivery } from '@suite/eventing';
import { createPlatformApp, loadPlatformEnvironment } from '@suite/platform-app';
import { createMessagingApp, loadMessagingEnvironment } from '@suite/messaging-app';
import { findFreePort, FormSession, hiddenFields, pkceAuthorization } from '@suite/testing';
import { BOOTSTRAP_REDIRECT_URI, bootstrap } from '../admin/admin-operations';
import { provideBenchServices } from './bench-services';
import { percentile } from './bench-stats';

const HARD_LIMIT_MS = 115_000;
const intEnv = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? '', 10) || fallback;
const SECONDS = intEnv('BENCH_SECONDS', 5);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 10);
const CLIENTS = intEnv('BENCH_CLIENTS', 40);
const VERIFY_ITERATIONS = intEnv('BENCH_VERIFY_ITERATIONS', 3000);
/** The token endpoint's per-client limit is 60/min; one request went to the code exchange. */
const REFRESHES_PER_CLIENT = 58;

interface Client {
  clientId: string;
  secret: string;
}
interface Tokens {
  access_token: string;
  refresh_token: string;
}

const basic = (client: Client) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;

async function tokenRequest(authBase: string, client: Client, fields: Record<string, string>): Promise<Tokens> {
  const response = await fetch(`${authBase}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client) },
    body: new URLSearchParams(fields).toString(),
  });
  if (response.status !== 200) throw new Error(`/oauth/token answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** Authorization code with PKCE through the forms (the browser is already signed in after the first), exchanged. */
async function authorize(
  authBase: string,
  browser: FormSession,
  client: Client,
  login: { email: string; password: string },
): Promise<Tokens> {
  const { url, verifier } = pkceAuthorization('', { clientId: client.clientId, redirectUri: BOOTSTRAP_REDIRECT_URI, scope: '*' });
  let page = await browser.get(url);
  let html = await page.text();
  if (html.includes('name="password"')) {
    const loggedIn = await browser.post('/login/oauth/login', {
      ...hiddenFields(html),
      email: login.email,
      password: login.password,
    });
    if (loggedIn.status !== 303) throw new Error(`login answered ${loggedIn.status}`);
    page = await browser.get(loggedIn.headers.get('location')!);
    html = await page.text();
  }
  const decided = await browser.post('/login/oauth/consent', { ...hiddenFields(html), decision: 'allow' });
  const location = decided.headers.get('location');
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (decided.status !== 303 || !code) throw new Error(`consent answered ${decided.status} (${location ?? 'no redirect'})`);
  return tokenRequest(authBase, client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: BOOTSTRAP_REDIRECT_URI,
    code_verifier: verifier,
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function load(label: string, url: string, headers: Record<string, string>, expectStatus: '2xx' | '4xx'): Promise<void> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm-up
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const expected = r[expectStatus];
  const other = r.errors + r.timeouts + (expectStatus === '2xx' ? r.non2xx : r['2xx']);
  console.log(
    `${label.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms` +
      `   (${expected} × ${expectStatus}${other ? `, ${other} unexpected` : ''})`,
  );
}

async function timeInProcess(label: string, iterations: number, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < Math.min(200, iterations); i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    samples.push((performance.now() - started) * 1000);
  }
  const us = (v: number) => `${Math.round(v)} µs`;
  console.log(
    `${label.padEnd(44)} p50 ${us(percentile(samples, 50))}, p99 ${us(percentile(samples, 99))} (${iterations} sequential calls)`,
  );
}

async function main(): Promise<void> {
  const hardLimit = setTimeout(() => {
    console.error(`bench-auth: exceeded ${HARD_LIMIT_MS / 1000} s, aborting`);
    process.exit(2);
  }, HARD_LIMIT_MS);
  hardLimit.unref();

  const services = await provideBenchServices(false);
  const running: INestApplication[] = [];
  try {
    const [authPort, platformPort] = [await findFreePort(), await findFreePort()];
    const authBase = `http://127.0.0.1:${authPort}`;
    const platformBase = `http://127.0.0.1:${platformPort}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: services.databaseUrl,
      KAFKA_BROKERS: '',
      INTERNAL_API_TOKEN: randomBytes(24).toString('hex'),
      AUTH_ISSUER: authBase,
      AUTH_SESSION_SECRET: randomBytes(24).toString('hex'),
      AUTH_KEY_ENCRYPTION_SECRET: randomBytes(24).toString('hex'),
      PLATFORM_ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    };
    const releaseDelivery = holdInProcessDelivery();
    let platform: INestApplication;
    let auth: INestApplication;
    let messaging: INestApplication;
    try {
      platform = await createPlatformApp(loadPlatformEnvironment({ ...env, PORT: String(platformPort) }));
      running.push(platform);
      auth = await createAuthApp(loadAuthEnvironment({ ...env, PORT: String(authPort) }));
      running.push(auth);
      // Only for bootstrap's sender number (not listening, not measured).
      messaging = await createMessagingApp(loadMessagingEnvironment({ ...env, PORT: '0' }));
      running.push(messaging);
      await messaging.init();
      await platform.listen(platformPort, '127.0.0.1');
      await auth.listen(authPort, '127.0.0.1');
    } finally {
      releaseDelivery();
    }
    console.log(
      `bench-auth: ${services.describe}; platform ${platformBase}, auth ${authBase}; ${SECONDS} s per load, ${CONNECTIONS} connections`,
    );

    const seeded = await bootstrap(
      { platform, auth, messaging },
      { companyName: 'Bench Company', email: `bench-${randomBytes(4).toString('hex')}@example.com` },
    );
    const login = { email: seeded.user.email, password: seeded.user.password };
    const clients: Client[] = [{ clientId: seeded.oauth_client.client_id, secret: seeded.oauth_client.client_secret }];
    for (let i = 1; i < CLIENTS; i++) {
      const { client, secret } = await auth.get(OAuthClientsService).create({
        name: `Bench client ${i}`,
        redirectUri: BOOTSTRAP_REDIRECT_URI,
        confidential: true,
        companyId: seeded.company_id,
      });
      clients.push({ clientId: client.clientId, secret: secret! });
    }
    const browser = new FormSession(authBase);
    const grants: Tokens[] = [];
    for (const client of clients) grants.push(await authorize(authBase, browser, client, login));
    const jwt = grants[0]!.access_token;
    const pat = seeded.personal_access_token;

    const usersUrl = `${platformBase}/api/users?per_page=1`;
    const statusWith = async (token: string) => (await fetch(usersUrl, { headers: { authorization: `Bearer ${token}` } })).status;
    await waitFor(
      'the platform to accept the JWT and the PAT (replicas fed by events)',
      async () => (await statusWith(jwt)) === 200 && (await statusWith(pat)) === 200,
    );

    console.log('\nGET /api/users?per_page=1 on the platform (autocannon)');
    await load('  with a JWT access token', usersUrl, { authorization: `Bearer ${jwt}` }, '2xx');
    await load('  with a personal access token', usersUrl, { authorization: `Bearer ${pat}` }, '2xx');
    await load('  unauthenticated (401)', usersUrl, {}, '4xx');

    console.log('\nThe auth step alone, in-process on the platform');
    const accessTokens = platform.get(AccessTokenVerifier);
    const opaque = platform.get(OpaqueCredentialVerifier);
    await timeInProcess('  AccessTokenVerifier.verify (JWT)', VERIFY_ITERATIONS, () => accessTokens.verify(jwt));
    await timeInProcess('  OpaqueCredentialVerifier.verify (PAT)', VERIFY_ITERATIONS, () =>
      opaque.verify(pat, 'personal_access_token'),
    );

    console.log('\nPOST /oauth/token, grant_type=refresh_token, each with the previous refresh token');
    const latencies: number[] = [];
    const failures = new Map<string, number>();
    const started = performance.now();
    const deadline = Date.now() + SECONDS * 1000;
    // At most CONNECTIONS chains at once: 40 concurrent token requests exhaust auth's PostgreSQL
    // pool ("timeout exceeded when trying to connect", 500) — see the report.
    const queue = clients.map((client, index) => ({ client, index }));
    const runChain = async ({ client, index }: { client: Client; index: number }) => {
      let refreshToken = grants[index]!.refresh_token;
      for (let i = 0; i < REFRESHES_PER_CLIENT && Date.now() < deadline; i++) {
        const t0 = performance.now();
        try {
          refreshToken = (await tokenRequest(authBase, client, { grant_type: 'refresh_token', refresh_token: refreshToken }))
            .refresh_token;
          latencies.push(performance.now() - t0);
        } catch (error) {
          const key = String(error instanceof Error ? error.message : error).replace(/error id [0-9a-f-]+/g, 'error id …');
          failures.set(key, (failures.get(key) ?? 0) + 1);
          return; // this chain's refresh token is spent or its grant revoked: stop it
        }
      }
    };
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let next = queue.shift(); next && Date.now() < deadline; next = queue.shift()) await runChain(next);
      }),
    );
    const elapsed = performance.now() - started;
    console.log(
      `  ${CONNECTIONS} concurrent chains over ${clients.length} clients: ${latencies.length} refreshes in ${(elapsed / 1000).toFixed(2)} s = ` +
        `${Math.round((latencies.length * 1000) / elapsed)} exchanges/s, ` +
        `latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
    for (const [message, count] of failures) console.log(`  FAILED ${count}× (chain stopped): ${message}`);
  } finally {
    for (const app of running.reverse()) await app.close().catch(() => undefined);
    await services.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench-auth failed:', error);
    process.exit(1);
  },
);
