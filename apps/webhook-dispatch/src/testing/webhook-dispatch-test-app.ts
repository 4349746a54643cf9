import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Permission } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { createTestDatabase, eventually, TestTokenIssuer, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { createWebhookDispatchApp, loadWebhookDispatchEnvironment } from '../webhook-dispatch.app';
import { TestTargetResolver } from './test-target-resolver';

type Method = 'get' | 'post' | 'put' | 'delete';

let nextId = 700_000_000 + Math.floor(Math.random() * 100_000_000);
const freshId = () => String(nextId++);

/** A user the harness announced; `token()` signs requests as them. */
export interface TestActor {
  id: string;
  companyId: string;
  token(scope?: string): Promise<string>;
}

/**
 * webhook-dispatch on real PostgreSQL and Kafka for an integration spec: its own database and
 * topics, a TestTokenIssuer the app trusts, and companies and users announced the production way
 * (`company.created` / `user.created` through the outbox, Kafka and the authz replica handlers).
 */
export class WebhookDispatchTestApp {
  private constructor(
    readonly app: INestApplication,
    readonly db: DataSource,
    private readonly tokens: TestTokenIssuer,
    private readonly database: TestDatabase,
  ) {}

  /** `env` adds to or overrides the environment (WEBHOOKS_ALLOWED_PRIVATE_CIDRS for a receiver on 127.0.0.1, say). */
  static async start(name: string, env: Readonly<Record<string, string>> = {}): Promise<WebhookDispatchTestApp> {
    const tokens = await TestTokenIssuer.start();
    const database = await createTestDatabase(`webhook_dispatch_${name}`);
    const app = await createWebhookDispatchApp(
      loadWebhookDispatchEnvironment({
        ...process.env,
        DATABASE_URL: database.url,
        KAFKA_TOPIC_PREFIX: uniqueTopicPrefix(`webhook-dispatch-${name}`),
        KAFKA_TOPIC_PARTITIONS: '1',
        AUTH_ISSUER: tokens.issuer,
        AUTH_JWKS_URL: tokens.jwksUrl,
        LOG_LEVEL: 'silent',
        PORT: '0',
        ...env,
      }),
      { targetResolver: new TestTargetResolver() },
    );
    await app.init();
    return new WebhookDispatchTestApp(app, app.get(DataSource), tokens, database);
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.database.drop();
    await this.tokens.stop();
  }

  request(method: Method, path: string, token: string | null): request.Test {
    const call = request(this.app.getHttpServer())[method](path);
    return token === null ? call : call.set('authorization', `Bearer ${token}`);
  }

  /** A company (an agency's child when `parentCompanyId` is given) and one user per permission set; resolves once replicated. */
  async company(actors: ReadonlyArray<readonly Permission[]>, parentCompanyId: string | null = null): Promise<TestActor[]> {
    const companyId = freshId();
    const users = actors.map((permissions) => ({ id: freshId(), permissions }));
    await this.db.transaction((manager) =>
      this.app.get(Outbox).append(manager, [
        newEvent('company.created', {
          companyId,
          subject: companyId,
          data: { id: companyId, name: `Company ${companyId}`, parent_company_id: parentCompanyId },
        }),
        ...users.map(({ id, permissions }) =>
          newEvent('user.created', {
            companyId,
            subject: id,
            data: {
              id,
              company_id: companyId,
              email: `u${id}@example.com`,
              name: 'Someone',
              status: 'Active',
              role_id: null,
              permissions: [...permissions],
              password_hash: null,
            },
          }),
        ),
      ]),
    );
    await eventually(
      async () =>
        (
          (await this.db.query(
            `SELECT (SELECT count(*)::int FROM webhooks.company_replica WHERE id = $1) + (SELECT count(*)::int FROM webhooks.user_replica WHERE company_id = $1) AS n`,
            [companyId],
          )) as Array<{ n: number }>
        )[0]!.n,
      (n) => n === users.length + 1,
      { timeoutMs: 60_000, what: 'the company and its users to reach the replicas' },
    );
    return users.map(({ id }) => ({
      id,
      companyId,
      token: (scope) => this.tokens.accessToken({ userId: id, companyId, scope }),
    }));
  }
}
