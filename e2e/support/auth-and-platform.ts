import type { INestApplication } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { AccessTokenIssuer, createAuthApp, loadAuthEnvironment } from '@suite/auth-app';
import { PERMISSIONS, type Scope } from '@suite/contracts';
import { newEvent } from '@suite/eventing';
import { createPlatformApp, loadPlatformEnvironment } from '@suite/platform-app';
import { createTestDatabase, findFreePort, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';

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
  const platform = await createPlatformApp(loadPlatformEnvironment({ ...env, ...options.platformEnv, PORT: String(platformPort), AUTH_INTERNAL_URL: authBase }));
  await platform.listen(platformPort, '127.0.0.1');
  return {
    auth,
    platform,
    authBase,
    platformBase,
    internalToken,
    mint: async (userId, companyId, scopes = ['*']) =>
      (await auth.get(AccessTokenIssuer).issue({ userId, companyId, clientId: 'suite_client_e2e', grantId: randomUUID(), scopes }, new Date())).token,
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
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
