import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Topics, type Permission, type Scope, type Topic } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { createTestDatabase, eventually, findFreePort, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { createAuthApp, loadAuthEnvironment } from '../auth.app';
import { AccessTokenIssuer } from '../tokens/access-token.issuer';

/** The error body of every auth route (RFC 6749 §5.2 plus the spec's `message`). */
export interface OAuthErrorBody {
  error: string;
  error_description: string;
  message: string;
}

export interface SeedUser {
  id: string;
  companyId: string;
  permissions: Permission[];
  /** Default `user-<id>@example.com`. */
  email?: string;
  /** An argon2 hash: the user can then sign in on the login page (default none). */
  passwordHash?: string | null;
}

export interface SeedCompany {
  id: string;
  parentCompanyId: string | null;
  /** Default `Company <id>`. */
  name?: string;
}

/**
 * The auth app on real PostgreSQL and Kafka for an integration spec: its own database and topics,
 * companies and users arriving the way production's do (platform events through the outbox and
 * Kafka into the authz replicas), and access tokens minted with the app's own signing key.
 */
export class AuthTestApp {
  /** The app's INTERNAL_API_TOKEN (internal routes' `x-internal-token`). */
  static readonly INTERNAL_TOKEN = 'i'.repeat(40);

  private constructor(
    readonly app: INestApplication,
    readonly base: string,
    readonly db: DataSource,
    private readonly database: TestDatabase,
  ) {}

  static async start(name: string): Promise<AuthTestApp> {
    const database = await createTestDatabase(`auth_${name}`);
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const app = await createAuthApp(
      loadAuthEnvironment({
        ...process.env,
        DATABASE_URL: database.url,
        KAFKA_TOPIC_PREFIX: uniqueTopicPrefix(`auth-${name}`),
        KAFKA_TOPIC_PARTITIONS: '1',
        INTERNAL_API_TOKEN: AuthTestApp.INTERNAL_TOKEN,
        AUTH_ISSUER: base,
        AUTH_SESSION_SECRET: 's'.repeat(40),
        AUTH_KEY_ENCRYPTION_SECRET: 'e'.repeat(40),
        LOG_LEVEL: 'silent',
        PORT: String(port),
      }),
    );
    await app.listen(port, '127.0.0.1');
    return new AuthTestApp(app, base, app.get(DataSource), database);
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.database.drop();
  }

  /** Publishes `company.created` and `user.created` events and waits until the replicas (authz and login users) have them. */
  async seed(companies: SeedCompany[], users: SeedUser[]): Promise<void> {
    const outbox = this.app.get(Outbox);
    const events = [
      ...companies.map((company) =>
        newEvent('company.created', {
          companyId: company.id,
          subject: company.id,
          data: { id: company.id, name: company.name ?? `Company ${company.id}`, parent_company_id: company.parentCompanyId },
        }),
      ),
      ...users.map((user) =>
        newEvent('user.created', {
          companyId: user.companyId,
          subject: user.id,
          data: {
            id: user.id,
            company_id: user.companyId,
            email: user.email ?? `user-${user.id}@example.com`,
            name: `User ${user.id}`,
            status: 'Active',
            role_id: null,
            permissions: user.permissions,
            password_hash: user.passwordHash ?? null,
          },
        }),
      ),
    ];
    await this.db.transaction(async (manager) => {
      for (const event of events) await outbox.append(manager, event);
    });
    const userIds = users.map((user) => user.id);
    const companyIds = companies.map((company) => company.id);
    /** How many of `ids` the auth table `table` holds. */
    const seenIn = async (table: string, ids: string[]): Promise<number> => {
      const [seen] = await this.db.query(`SELECT count(*)::int AS n FROM auth.${table} WHERE id::text = ANY($1)`, [ids]);
      return seen.n;
    };
    await eventually(
      async () =>
        (await seenIn('user_replica', userIds)) +
        (await seenIn('company_replica', companyIds)) +
        (await seenIn('login_users', userIds)),
      (seen) => seen === 2 * userIds.length + companyIds.length,
      { timeoutMs: 60_000, what: 'the seeded users and companies to reach the authz replicas' },
    );
  }

  /** An RFC 9068 access token for the user, signed by this auth app (as the token endpoint would). */
  async accessToken(user: Pick<SeedUser, 'id' | 'companyId'>, scopes: Scope[] = ['*']): Promise<string> {
    const { token } = await this.app
      .get(AccessTokenIssuer)
      .issue(
        { userId: user.id, companyId: user.companyId, clientId: 'suite_client_test', grantId: randomUUID(), scopes },
        new Date(),
      );
    return token;
  }

  /** `fetch` against the app with a bearer token and a JSON body. */
  request(method: string, path: string, bearer: string | null, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  /** Events this app wrote to its outbox for one subject on one topic (default the credential lifecycle), oldest first. */
  outboxFor(
    subject: string,
    topic: Topic = Topics.authCredential,
  ): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
    return this.db.query(
      `SELECT type, envelope->'data' AS data FROM auth.outbox WHERE subject = $1 AND topic = $2 ORDER BY seq`,
      [subject, topic],
    );
  }
}
