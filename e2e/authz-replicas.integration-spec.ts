import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createAuthApp, loadAuthEnvironment } from '@suite/auth-app';
import { AuthzReplicaReader, OpaqueCredentialVerifier } from '@suite/authz';
import {
  APPS,
  credentialDigest,
  generateOpaqueCredential,
  type AppName,
  type EventType,
  type OpaqueCredentialKind,
} from '@suite/contracts';
import { newEvent, Outbox, type NewEventInput } from '@suite/eventing';
import { createMessagingApp, loadMessagingEnvironment } from '@suite/messaging-app';
import { createPlatformApp, loadPlatformEnvironment } from '@suite/platform-app';
import { AppError } from '@suite/http';
import { createTestDatabase, eventually, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { createWebhookDispatchApp, loadWebhookDispatchEnvironment } from '@suite/webhook-dispatch-app';

/**
 * Proof, with the four real apps on one PostgreSQL database and a real Kafka broker, that a
 * credential is refused everywhere within a second of the change being committed: auth's
 * `credential.revoked` and `grant.revoked`, platform's `user.updated` (Suspended) and
 * `user.deleted` travel outbox → relay → Kafka → each app's inbox into its own replicas
 * (platform included, fed by its own events), where every app's verifier reads them.
 */
const factories: Record<AppName, (env: NodeJS.ProcessEnv) => Promise<INestApplication>> = {
  messaging: (env) => createMessagingApp(loadMessagingEnvironment(env)),
  auth: (env) => createAuthApp(loadAuthEnvironment(env)),
  platform: (env) => createPlatformApp(loadPlatformEnvironment(env)),
  'webhook-dispatch': (env) => createWebhookDispatchApp(loadWebhookDispatchEnvironment(env)),
};
const APP_NAMES = Object.keys(factories) as AppName[];
/** The brief's promise: a revocation is refused everywhere within a second. */
const WITHIN_MS = 1000;
const POLL_MS = 20;

describe('credential replicas in all four apps', () => {
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
  const prefix = uniqueTopicPrefix('authz');
  const apps = {} as Record<AppName, INestApplication>;
  let database: TestDatabase;

  const companyId = '5100';
  const secrets = {} as Record<'patOfRevoked' | 'patOfSuspended' | 'patOfDeleted' | 'apiKey' | 'apiKeyOverHttp', string>;
  const ids = {
    patOfRevoked: 'pat-1',
    patOfSuspended: 'pat-2',
    patOfDeleted: 'pat-3',
    apiKey: 'key-1',
    apiKeyOverHttp: 'key-2',
  } as const;

  beforeAll(async () => {
    database = await createTestDatabase('e2e_authz');
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers.join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_TOPIC_PARTITIONS: '3',
      EVENT_MAX_ATTEMPTS: '3',
      LOG_LEVEL: 'warn',
      PORT: '0',
    };
    // Sequentially: each app migrates its own schema at start.
    for (const name of APP_NAMES) {
      apps[name] = await factories[name](env);
      await apps[name].init();
    }
  });

  afterAll(async () => {
    for (const name of [...APP_NAMES].reverse()) await apps[name]?.close();
    await database?.drop();
  });

  /** Commits `events` through `producer`'s outbox (one transaction) and returns the commit instant. */
  async function commit(producer: AppName, events: Array<{ type: EventType; input: NewEventInput<EventType> }>): Promise<number> {
    await apps[producer].get(DataSource).transaction((manager) =>
      apps[producer].get(Outbox).append(
        manager,
        events.map(({ type, input }) => newEvent(type, input as never)),
      ),
    );
    return Date.now();
  }

  /**
   * Polls every app every 20 ms until `reached` holds for it, and returns how long each took
   * after `committedAt`; fails when one did not get there within the promise (plus a margin,
   * so a miss reports its real time instead of a timeout).
   */
  async function timeToReach(committedAt: number, reached: (app: INestApplication, name: AppName) => Promise<boolean>) {
    const entries = await Promise.all(
      APP_NAMES.map(async (name) => {
        const deadline = committedAt + 10 * WITHIN_MS;
        while (Date.now() < deadline) {
          if (await reached(apps[name], name)) return [name, Date.now() - committedAt] as const;
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
        return [name, Infinity] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<AppName, number>;
  }

  const expectAllWithinOneSecond = (elapsed: Record<AppName, number>) => {
    for (const name of APP_NAMES)
      expect({ app: name, withinOneSecond: elapsed[name] < WITHIN_MS, elapsed: elapsed[name] }).toEqual({
        app: name,
        withinOneSecond: true,
        elapsed: elapsed[name],
      });
  };

  const replicaRow = async (app: INestApplication, name: AppName, table: string, where: string, value: string) => {
    const rows: Array<Record<string, unknown>> = await app
      .get(DataSource)
      .query(`SELECT * FROM "${APPS[name].schema}"."${table}" WHERE ${where} = $1`, [value]);
    return rows[0];
  };

  const verify = (app: INestApplication, secret: string, kind: OpaqueCredentialKind) =>
    app.get(OpaqueCredentialVerifier).verify(secret, kind);

  const refusedWith = async (promise: Promise<unknown>): Promise<AppError | null> => {
    try {
      await promise;
      return null;
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
  };

  const user = (id: string, status: 'Active' | 'Suspended') => ({
    type: 'user.updated' as EventType,
    input: {
      companyId,
      subject: id,
      data: {
        id,
        company_id: companyId,
        email: `u${id}@example.com`,
        name: `User ${id}`,
        status,
        role_id: '1',
        permissions: ['view-users'],
        password_hash: null,
      },
    } as NewEventInput<EventType>,
  });

  const issued = (key: keyof typeof ids, kind: OpaqueCredentialKind, userId: string | null) => {
    secrets[key] = generateOpaqueCredential(kind);
    return {
      type: 'credential.issued' as EventType,
      input: {
        companyId,
        subject: ids[key],
        data: {
          credential_id: ids[key],
          kind,
          company_id: companyId,
          user_id: userId,
          name: key,
          digest: credentialDigest(secrets[key]),
          scopes: ['*'],
          expires_at: null,
          created_at: new Date().toISOString(),
        },
      } as NewEventInput<EventType>,
    };
  };

  it('replicates users and issued credentials into every app, which then accept them', async () => {
    await commit('platform', [
      {
        type: 'company.created',
        input: { companyId, subject: companyId, data: { id: companyId, name: 'Authz Co', parent_company_id: null } },
      },
      { ...user('51', 'Active'), type: 'user.created' },
      { ...user('52', 'Active'), type: 'user.created' },
      { ...user('53', 'Active'), type: 'user.created' },
    ]);
    await commit('auth', [
      issued('patOfRevoked', 'personal_access_token', '51'),
      issued('patOfSuspended', 'personal_access_token', '52'),
      issued('patOfDeleted', 'personal_access_token', '53'),
      issued('apiKey', 'api_key', null),
    ]);
    // Warm-up, not timed: consumers join their groups and topics appear on first use.
    for (const name of APP_NAMES) {
      const app = apps[name];
      await eventually(
        () =>
          Promise.all([
            verify(app, secrets.patOfRevoked, 'personal_access_token'),
            verify(app, secrets.patOfSuspended, 'personal_access_token'),
            verify(app, secrets.patOfDeleted, 'personal_access_token'),
            verify(app, secrets.apiKey, 'api_key'),
          ]),
        (principals) => principals.length === 4,
        { what: `${name} to accept the new credentials` },
      );
      await expect(verify(app, secrets.patOfRevoked, 'personal_access_token')).resolves.toMatchObject({
        via: 'personal_access_token',
        userId: '51',
        companyId,
        credentialId: 'pat-1',
      });
      await expect(verify(app, secrets.apiKey, 'api_key')).resolves.toMatchObject({ via: 'api_key', userId: null, companyId });
      await expect(app.get(AuthzReplicaReader).findCompany(companyId)).resolves.toEqual({ id: companyId, parentCompanyId: null });
      const row = await replicaRow(app, name, 'user_replica', 'id', '51');
      expect(row).toMatchObject({ company_id: companyId, status: 'Active', permissions: ['view-users'], deleted_at: null });
    }
  });

  it('credential.revoked: every app refuses the personal access token within 1 s of the commit', async () => {
    const committedAt = await commit('auth', [
      {
        type: 'credential.revoked',
        input: {
          companyId,
          subject: ids.patOfRevoked,
          data: {
            credential_id: ids.patOfRevoked,
            kind: 'personal_access_token',
            company_id: companyId,
            revoked_at: new Date().toISOString(),
          },
        },
      },
    ]);
    // Timed to the refusal itself, not to the replica row: the credential row cache (0008 addendum) is inside the second.
    const elapsed = await timeToReach(
      committedAt,
      async (app) =>
        (await refusedWith(verify(app, secrets.patOfRevoked, 'personal_access_token')))?.message === 'The token was revoked.',
    );
    expectAllWithinOneSecond(elapsed);
    for (const name of APP_NAMES) {
      await expect(replicaRow(apps[name], name, 'credential_replica', 'credential_id', ids.patOfRevoked)).resolves.toMatchObject({
        revoked_at: expect.any(Date),
      });
      await expect(refusedWith(verify(apps[name], secrets.patOfRevoked, 'personal_access_token'))).resolves.toMatchObject({
        kind: 'unauthenticated',
        message: 'The token was revoked.',
      });
    }
  });

  it('credential.revoked: every app refuses the workspace API key within 1 s of the commit', async () => {
    const committedAt = await commit('auth', [
      {
        type: 'credential.revoked',
        input: {
          companyId,
          subject: ids.apiKey,
          data: { credential_id: ids.apiKey, kind: 'api_key', company_id: companyId, revoked_at: new Date().toISOString() },
        },
      },
    ]);
    const elapsed = await timeToReach(
      committedAt,
      async (app) => (await refusedWith(verify(app, secrets.apiKey, 'api_key')))?.message === 'The API key was revoked.',
    );
    expectAllWithinOneSecond(elapsed);
  });

  it('over HTTP: the messaging API answers 401 {error} to a workspace API key within 1 s of its revocation', async () => {
    const key = 'apiKeyOverHttp' as const;
    await commit('auth', [issued(key, 'api_key', null)]);
    const list = () => request(apps.messaging.getHttpServer()).get('/v1/messages/list').set('x-api-key', secrets[key]);
    await eventually(list, (response) => response.status === 200, { what: 'messaging to accept the new API key over HTTP' });

    const committedAt = await commit('auth', [
      {
        type: 'credential.revoked',
        input: {
          companyId,
          subject: ids[key],
          data: { credential_id: ids[key], kind: 'api_key', company_id: companyId, revoked_at: new Date().toISOString() },
        },
      },
    ]);
    let refused: request.Response | undefined;
    while (Date.now() < committedAt + 10 * WITHIN_MS) {
      const response = await list();
      if (response.status !== 200) {
        refused = response;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const elapsed = Date.now() - committedAt;
    expect({ status: refused?.status, body: refused?.body as unknown, withinOneSecond: elapsed < WITHIN_MS }).toEqual({
      status: 401,
      body: { error: 'The API key was revoked.' },
      withinOneSecond: true,
    });
  });

  it("user.updated (Suspended): every app refuses that user's token within 1 s of the commit", async () => {
    const committedAt = await commit('platform', [user('52', 'Suspended')]);
    const elapsed = await timeToReach(
      committedAt,
      async (app, name) => (await replicaRow(app, name, 'user_replica', 'id', '52'))?.['status'] === 'Suspended',
    );
    expectAllWithinOneSecond(elapsed);
    for (const name of APP_NAMES) {
      await expect(refusedWith(verify(apps[name], secrets.patOfSuspended, 'personal_access_token'))).resolves.toMatchObject({
        kind: 'unauthenticated',
        message: 'The user of this token is not active (Suspended).',
      });
    }
  });

  it("user.deleted: every app refuses that user's token within 1 s of the commit, and a late update does not revive it", async () => {
    const committedAt = await commit('platform', [
      { type: 'user.deleted', input: { companyId, subject: '53', data: { id: '53', company_id: companyId } } },
    ]);
    const elapsed = await timeToReach(
      committedAt,
      async (app, name) => (await replicaRow(app, name, 'user_replica', 'id', '53'))?.['deleted_at'] != null,
    );
    expectAllWithinOneSecond(elapsed);
    for (const name of APP_NAMES) {
      await expect(refusedWith(verify(apps[name], secrets.patOfDeleted, 'personal_access_token'))).resolves.toMatchObject({
        kind: 'unauthenticated',
        message: 'The user of this token was deleted.',
      });
    }

    const lateAt = await commit('platform', [user('53', 'Active')]);
    const applied = await timeToReach(lateAt, async (app, name) => {
      const inbox: unknown[] = await app.get(DataSource).query(`SELECT 1 FROM "${APPS[name].schema}".inbox WHERE subject = '53'`);
      return inbox.length === 2;
    });
    expect(Object.values(applied).every(Number.isFinite)).toBe(true);
    for (const name of APP_NAMES) {
      await expect(refusedWith(verify(apps[name], secrets.patOfDeleted, 'personal_access_token'))).resolves.toMatchObject({
        message: 'The user of this token was deleted.',
      });
    }
  });

  it('grant.revoked: every app lists the grant as revoked within 1 s of the commit', async () => {
    const committedAt = await commit('auth', [
      {
        type: 'grant.revoked',
        input: {
          companyId,
          subject: 'grant-51',
          data: {
            grant_id: 'grant-51',
            client_id: 'client-1',
            user_id: '51',
            company_id: companyId,
            reason: 'user_revoked',
            revoked_at: new Date().toISOString(),
          },
        },
      },
    ]);
    const elapsed = await timeToReach(committedAt, (app) => app.get(AuthzReplicaReader).isGrantRevoked('grant-51'));
    expectAllWithinOneSecond(elapsed);
    for (const name of APP_NAMES) {
      await expect(replicaRow(apps[name], name, 'revoked_grant', 'grant_id', 'grant-51')).resolves.toMatchObject({
        client_id: 'client-1',
        user_id: '51',
      });
    }
  });
});
