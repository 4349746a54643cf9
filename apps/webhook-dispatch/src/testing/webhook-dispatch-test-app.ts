import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Permission } from '@suite/contracts';
import { newEvent, Outbox, type NewEvent } from '@suite/eventing';
import {
  bootTestApp,
  createTestDatabase,
  eventually,
  harnessEnvironment,
  TestTokenIssuer,
  uniqueTopicPrefix,
  type ProviderOverride,
  type TestDatabase,
} from '@suite/testing';
import { TargetResolver } from '../targets/target-resolver';
import { createWebhookDispatchApp, loadWebhookDispatchEnvironment } from '../webhook-dispatch.app';
import { deliveredMessageEvent } from './message-events';
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

/** What an instance runs with besides its environment. */
export interface WebhookDispatchTestOptions {
  /**
   * Providers replaced by token (decision 0057). The resolver its target guard asks is always
   * replaced, by a TestTargetResolver unless a spec gives its own: `{ provide: TargetResolver, useValue }`.
   */
  overrides?: readonly ProviderOverride[];
}

/**
 * webhook-dispatch on real PostgreSQL and Kafka for an integration spec: its own database and
 * topics, a TestTokenIssuer the app trusts, and companies and users announced the production way
 * (`company.created` / `user.created` through the outbox, Kafka and the authz replica handlers).
 * `startReplica()` boots another instance on the same database, topics and consumer group, as a
 * second pod would run; `env` is what a child process of the app needs to join them too.
 */
export class WebhookDispatchTestApp {
  private closed = false;

  private constructor(
    readonly app: INestApplication,
    readonly db: DataSource,
    /** The variables this instance runs with on top of process.env (DATABASE_URL, KAFKA_TOPIC_PREFIX, AUTH_*, …). */
    readonly env: Readonly<Record<string, string>>,
    private readonly tokens: TestTokenIssuer,
    /** The owner's database, dropped at its stop; null for a replica. */
    private readonly database: TestDatabase | null,
  ) {}

  /** `env` adds to or overrides the environment (WEBHOOKS_ALLOWED_PRIVATE_CIDRS for a receiver on 127.0.0.1, say). */
  static async start(
    name: string,
    env: Readonly<Record<string, string>> = {},
    options: WebhookDispatchTestOptions = {},
  ): Promise<WebhookDispatchTestApp> {
    const tokens = await TestTokenIssuer.start();
    const database = await createTestDatabase(`webhook_dispatch_${name}`);
    const appEnv = {
      ...harnessEnvironment(database.url, uniqueTopicPrefix(`webhook-dispatch-${name}`)),
      AUTH_ISSUER: tokens.issuer,
      AUTH_JWKS_URL: tokens.jwksUrl,
      ...env,
    };
    try {
      const app = await WebhookDispatchTestApp.boot(appEnv, options);
      return new WebhookDispatchTestApp(app, app.get(DataSource), appEnv, tokens, database);
    } catch (error) {
      await database.drop();
      await tokens.stop();
      throw error;
    }
  }

  private static async boot(
    env: Readonly<Record<string, string>>,
    options: WebhookDispatchTestOptions,
  ): Promise<INestApplication> {
    // Specs have no DNS: the test resolver first, so a spec's own TargetResolver (a later entry) wins.
    const overrides = [{ provide: TargetResolver, useValue: new TestTargetResolver() }, ...(options.overrides ?? [])];
    return bootTestApp(createWebhookDispatchApp, loadWebhookDispatchEnvironment({ ...process.env, ...env }), overrides);
  }

  /**
   * Another instance on this one's database, topics, consumer group and token issuer (`env` adds to
   * its environment): its workers compete for the same jobs. Its stop closes it only.
   */
  async startReplica(
    env: Readonly<Record<string, string>> = {},
    options: WebhookDispatchTestOptions = {},
  ): Promise<WebhookDispatchTestApp> {
    const replicaEnv = { ...this.env, ...env };
    const app = await WebhookDispatchTestApp.boot(replicaEnv, options);
    return new WebhookDispatchTestApp(app, app.get(DataSource), replicaEnv, this.tokens, null);
  }

  /** Resolves once this instance's Kafka consumer has joined its group (readiness reports it). */
  async eventsConsumerJoined(timeoutMs = 60_000): Promise<void> {
    await eventually(
      async () => JSON.stringify((await this.request('get', '/health/ready', null)).body),
      (body) => body.includes('"joined":true'),
      { timeoutMs, what: 'the Kafka consumer to join its group' },
    );
  }

  /** Closes this instance (its workers, consumers and pool) and keeps the database and tokens: a pod gone, the data not. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.app.close();
  }

  /** Closes the instance; the owner also drops the database and stops the token issuer. */
  async stop(): Promise<void> {
    await this.close();
    if (!this.database) return;
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
            `SELECT (SELECT count(*)::int FROM webhooks.company_replica WHERE id = $1)
              + (SELECT count(*)::int FROM webhooks.user_replica WHERE company_id = $1) AS n`,
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

  /**
   * `count` outbound `message.delivered` of the company (a webhook's `sms.sent`), written through the
   * outbox in one transaction onto the messaging topic, as messaging publishes them; their event ids.
   */
  async publishMessageDelivered(companyId: string, count = 1): Promise<string[]> {
    const events = Array.from({ length: count }, (_, index) =>
      deliveredMessageEvent(companyId, String(100_000 + index), `Hello ${index}`),
    );
    await this.db.transaction((manager) => this.app.get(Outbox).append(manager, events));
    return events.map((event) => event.envelope.id);
  }

  /** Events written through this app's outbox in one transaction, onto their own topics, as their producers publish them. */
  async publish(events: readonly NewEvent[]): Promise<void> {
    await this.db.transaction((manager) => this.app.get(Outbox).append(manager, [...events]));
  }

  /** A fresh id for a platform row (a list, a contact) a spec announces. */
  freshId(): string {
    return freshId();
  }

  /** Resolves once `sql` (over the read model, `$1` = `params`) counts `count` rows. */
  async readModelHas(sql: string, params: unknown[], count = 1): Promise<void> {
    await eventually(
      async () => ((await this.db.query(sql, params)) as Array<{ n: number }>)[0]!.n,
      (n) => n === count,
      { timeoutMs: 60_000, what: `the read model to answer ${count} for ${sql}` },
    );
  }

  /** POST /api/webhooks as `actor`: a webhook of the actor's company for `sms.sent` at `url`; its id and secret. */
  async createWebhook(actor: TestActor, url: string): Promise<{ id: string; secret: string }> {
    const created = await this.request('post', '/api/webhooks', await actor.token())
      .send({ title: `hook ${new URL(url).pathname}`, url, events: ['sms.sent'] })
      .expect(201);
    return created.body.data as { id: string; secret: string };
  }

  /** A webhook's row and its deliveries' rows. */
  async rowsOf(webhookId: string): Promise<{
    webhook: { status: string; hits: number };
    deliveries: Array<{ id: string; event_id: string; status: string; attempts: number }>;
  }> {
    const [webhook] = (await this.db.query('SELECT status, hits FROM webhooks.webhooks WHERE id = $1', [webhookId])) as Array<{
      status: string;
      hits: number;
    }>;
    const deliveries = (await this.db.query(
      'SELECT id, event_id, status, attempts FROM webhooks.webhook_deliveries WHERE webhook_id = $1',
      [webhookId],
    )) as Array<{ id: string; event_id: string; status: string; attempts: number }>;
    return { webhook: webhook!, deliveries };
  }
}
