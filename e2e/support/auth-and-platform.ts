import type { INestApplication } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { AccessTokenIssuer, createAuthApp, loadAuthEnvironment } from '@suite/auth-app';
import { PERMISSIONS, type Scope } from '@suite/contracts';
import { newEvent } from '@suite/eventing';
import { createPlatformApp, loadPlatformEnvironment } from '@suite/platform-app';
import {
  createTestDatabase,
  findFreePort,
  FormSession,
  hiddenFields,
  uniqueTopicPrefix,
  type TestDatabase,
} from '@suite/testing';

/**
 * Auth and platform listening on free ports over one PostgreSQL database and the test Kafka
 * broker (KAFKA_BROKERS from the global setup), each with its own schema, outbox and inbox;
 * auth is the issuer the platform trusts and calls.
 */
export interface AuthAndPlatform {
  auth: INestApplication;
  platform: INestApplication;
  authBase: string;
  platformBase: string;
  internalToken: string;
  /** An access token as auth's token endpoint signs it (full access unless told). */
  mint(userId: string, companyId: string, scopes?: Scope[]): Promise<string>;
  close(): Promise<void>;
}

/** Variables for one app only, on top of the shared ones (e.g. the platform's TRUSTED_PROXIES). */
export interface AuthAndPlatformOptions {
  authEnv?: Record<string, string>;
  platformEnv?: Record<string, string>;
}

export async function startAuthAndPlatform(name: string, options: AuthAndPlatformOptions = {}): Promise<AuthAndPlatform> {
  const database: TestDatabase = await createTestDatabase(name);
  const [authPort, platformPort] = [await findFreePort(), await findFreePort()];
  const authBase = `http://127.0.0.1:${authPort}`;
  const platformBase = `http://127.0.0.1:${platformPort}`;
  const internalToken = randomBytes(32).toString('hex');
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    KAFKA_TOPIC_PREFIX: uniqueTopicPrefix(name.replace(/_/g, '-')),
    KAFKA_TOPIC_PARTITIONS: '1',
    INTERNAL_API_TOKEN: internalToken,
    AUTH_ISSUER: authBase,
    AUTH_SESSION_SECRET: 's'.repeat(40),
    AUTH_KEY_ENCRYPTION_SECRET: 'e'.repeat(40),
    LOG_LEVEL: 'silent',
  };
  const auth = await createAuthApp(loadAuthEnvironment({ ...env, ...options.authEnv, PORT: String(authPort) }));
  await auth.listen(authPort, '127.0.0.1');
  const platform = await createPlatformApp(
    loadPlatformEnvironment({ ...env, ...options.platformEnv, PORT: String(platformPort), AUTH_INTERNAL_URL: authBase }),
  );
  await platform.listen(platformPort, '127.0.0.1');
  return {
    auth,
    platform,
    authBase,
    platformBase,
    internalToken,
    mint: async (userId, companyId, scopes = ['*']) =>
      (
        await auth
          .get(AccessTokenIssuer)
          .issue({ userId, companyId, clientId: 'suite_client_e2e', grantId: randomUUID(), scopes }, new Date())
      ).token,
    close: async () => {
      await platform.close();
      await auth.close();
      await database.drop();
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies of several APIs, asserted field by field
export type AnyBody = any;

/** `fetch` with an optional bearer token and JSON body; the body parsed when there is one. */
export async function call(
  base: string,
  method: string,
  path: string,
  bearer: string | null,
  body?: unknown,
): Promise<{ status: number; body: AnyBody; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** `user.created` for an "operator": an active user with every permission, known to the replicas only (no platform.users row). */
export const operatorCreated = (companyId: string, userId: string, name = `Operator ${userId}`) =>
  newEvent('user.created', {
    companyId,
    subject: userId,
    data: {
      id: userId,
      company_id: companyId,
      email: `operator-${userId}-${randomUUID()}@example.com`,
      name,
      status: 'Active',
      role_id: null,
      permissions: [...PERMISSIONS],
      password_hash: null,
    },
  });

/**
 * Signs in the way a person does — auth's login page, then its consent page — for a throwaway
 * confidential client of `companyId`, and redeems the code: the access token, or null when the
 * login page refuses the email and password. When the password opens accounts in several
 * companies, auth asks which (decision 0037): `options.choose` picks the company by the name on
 * its button, and `options.offered` receives the names offered; without `choose` it throws.
 */
export async function signIn(
  suite: Pick<AuthAndPlatform, 'authBase' | 'internalToken'>,
  companyId: string,
  email: string,
  password: string,
  options: { choose?: string; offered?: (companies: string[]) => void } = {},
): Promise<string | null> {
  const redirectUri = 'http://127.0.0.1:9/callback';
  const registered = await fetch(`${suite.authBase}/internal/oauth-clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': suite.internalToken },
    body: JSON.stringify({ name: 'Sign-in check', redirect_uri: redirectUri, confidential: true, company_id: companyId }),
  });
  if (registered.status !== 201) throw new Error(`registering a client answered ${registered.status}`);
  const client = (await registered.json()) as { client_id: string; client_secret: string };
  const browser = new FormSession(suite.authBase);
  const query = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: '*',
    state: 's',
  });
  const loginPage = await browser.get(`/login/oauth/authorize?${query}`);
  const loggedIn = await browser.post('/login/oauth/login', { ...hiddenFields(await loginPage.text()), email, password });
  if (loggedIn.status !== 303) return null;
  let next = await (await browser.get(loggedIn.headers.get('location')!)).text();
  const buttons = [...next.matchAll(/<button type="submit" name="user_id" value="([^"]*)">([^<]*)<\/button>/g)];
  if (buttons.length > 0) {
    options.offered?.(buttons.map(([, , label]) => label!));
    const picked = buttons.find(([, , label]) => label === options.choose);
    if (!picked) throw new Error(`auth asks which company (${buttons.map(([, , label]) => label).join(', ')}); none chosen`);
    const chosen = await browser.post('/login/oauth/choose', { ...hiddenFields(next), user_id: picked[1]! });
    if (chosen.status !== 303) throw new Error(`choosing a company answered ${chosen.status}`);
    next = await (await browser.get(chosen.headers.get('location')!)).text();
  }
  const decided = await browser.post('/login/oauth/consent', { ...hiddenFields(next), decision: 'allow' });
  const code = new URL(decided.headers.get('location')!).searchParams.get('code');
  if (!code) throw new Error(`consent did not redirect with a code (${decided.status})`);
  const token = await fetch(`${suite.authBase}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      client_secret: client.client_secret,
    }).toString(),
  });
  const body = (await token.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`the code exchange answered ${token.status}`);
  return body.access_token;
}
