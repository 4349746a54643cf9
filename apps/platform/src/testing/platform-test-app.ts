import { CompanyScopedRepository } from '@suite/database';
import type { INestApplication } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { credentialDigest, generateOpaqueCredential, type Permission, type Topic } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
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
import { CompaniesService, RolesService, TeamsService, type UserEntity, UsersService, type CreateUserInput } from '../directory';
import {
  type ContactEntity,
  ContactsService,
  type ContactInput,
  ListsService,
  type AppointmentEntity,
  AppointmentsService,
  type AppointmentInput,
  type PipelineStageEntity,
  PipelinesService,
} from '../crm';
import { PlatformIdCodec } from '../ids/platform-id.codec';
import { createPlatformApp, loadPlatformEnvironment } from '../platform.app';
import { PhoneNumberEntity } from '../voice';

/** A user made by the harness, who can sign requests. */
export interface TestUser {
  id: string;
  companyId: string;
  roleId: string;
  email: string;
  entity: UserEntity;
  /** An access token for this user, `scope` `*` (all they hold) unless narrowed. */
  token(scope?: string): Promise<string>;
}

export type UserOptions = Partial<Omit<CreateUserInput, 'roleId'>> &
  ({ roleId: string; permissions?: never } | { roleId?: never; permissions?: readonly Permission[] });

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** How an instance starts besides its name. */
export interface PlatformTestOptions {
  /** Topics shared with another app of the spec (webhook-dispatch, say); its own unique prefix otherwise. */
  topicPrefix?: string;
  /**
   * Providers replaced by token (decision 0057): an adapter, `{ provide: VOICE_PROVIDER, useValue: fake }`
   * (AD_PLATFORM…), or the clock, `{ provide: CLOCK, useValue: new TestClock() }` (a workflow's wait moved along).
   */
  overrides?: readonly ProviderOverride[];
  /** Environment variables over the harness's (which are over process.env): an adapter pointed at a local stand-in, say. */
  env?: Record<string, string>;
}

/**
 * The platform app on real PostgreSQL and Kafka for an integration spec (`@suite/platform-app/testing`):
 * its own database and topics, a stand-in for auth's token endpoint (TestTokenIssuer: a JWKS the
 * app trusts), and builders that make valid data in one line through the app's own services, so
 * events flow as in production and users reach the authz replicas the production way.
 *
 *   const platform = await PlatformTestApp.start('pipelines');
 *   const { agency, child } = await platform.agencyWithChild();
 *   const admin = await platform.actor(agency, ['view-teams']);
 *   await platform.request('get', '/api/teams', await admin.token()).expect(200);
 */
export class PlatformTestApp {
  private readonly pending = { companies: new Set<string>(), users: new Set<string>(), credentials: new Set<string>() };

  private constructor(
    public app: INestApplication,
    public db: DataSource,
    readonly tokens: TestTokenIssuer,
    private readonly database: TestDatabase,
    private readonly boot: () => Promise<INestApplication>,
  ) {}

  static async start(name: string, options: PlatformTestOptions = {}): Promise<PlatformTestApp> {
    const tokens = await TestTokenIssuer.start();
    const database = await createTestDatabase(`platform_${name}`);
    const env = loadPlatformEnvironment({
      ...process.env,
      ...harnessEnvironment(database.url, options.topicPrefix ?? uniqueTopicPrefix(`platform-${name}`)),
      AUTH_ISSUER: tokens.issuer,
      AUTH_JWKS_URL: tokens.jwksUrl,
      PLATFORM_ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      INTERNAL_API_TOKEN: 'i'.repeat(40),
      ...options.env,
    });
    const boot = () => bootTestApp(createPlatformApp, env, options.overrides);
    const app = await boot();
    return new PlatformTestApp(app, app.get(DataSource), tokens, database, boot);
  }

  /**
   * Closes the app (its workers stop as in a deploy) and boots a new one on the same database,
   * topics, keys and token issuer: what survives a restart is what the database and Kafka hold.
   */
  async restart(): Promise<void> {
    await this.app.close();
    this.app = await this.boot();
    this.db = this.app.get(DataSource);
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.database.drop();
    await this.tokens.stop();
  }

  get users(): UsersService {
    return this.app.get(UsersService);
  }

  get roles(): RolesService {
    return this.app.get(RolesService);
  }

  get teams(): TeamsService {
    return this.app.get(TeamsService);
  }

  get codec(): PlatformIdCodec {
    return this.app.get(PlatformIdCodec);
  }

  /** A request to the app with `token` as bearer (none when null); chain `.send()`, `.expect()`. */
  request(method: Method, path: string, token: string | null): request.Test {
    const call = request(this.app.getHttpServer())[method](path);
    return token === null ? call : call.set('authorization', `Bearer ${token}`);
  }

  /** A company (a child of `parentCompanyId` when given); its id. */
  async company(name = 'Company', parentCompanyId?: string): Promise<string> {
    const { id } = await this.app.get(CompaniesService).create({ name, parentCompanyId });
    this.pending.companies.add(id);
    return id;
  }

  /** An agency and one child company of it. */
  async agencyWithChild(): Promise<{ agency: string; child: string }> {
    const agency = await this.company('Agency');
    return { agency, child: await this.company('Child', agency) };
  }

  /** A role of the company granting `permissions`; its id. */
  async role(companyId: string, permissions: readonly Permission[] = [], name = 'Role'): Promise<string> {
    return (await this.roles.create(companyId, { name, permissions: [...permissions] })).id;
  }

  /** A live user of the company, with the given role or a new role granting `permissions`. */
  async user(companyId: string, options: UserOptions = {}): Promise<TestUser> {
    const { roleId, permissions, ...settings } = options;
    const entity = await this.users.create(companyId, {
      name: 'Someone',
      email: `u-${randomUUID()}@example.com`,
      password: 'password-1',
      ...settings,
      roleId: roleId ?? (await this.role(companyId, permissions ?? [])),
    });
    this.pending.users.add(entity.id);
    return {
      id: entity.id,
      companyId,
      roleId: entity.roleId,
      email: entity.email,
      entity,
      token: (scope) => this.tokens.accessToken({ userId: entity.id, companyId, scope }),
    };
  }

  /** A user holding exactly `permissions`, ready to call the API (their user has reached the replicas). */
  async actor(companyId: string, permissions: readonly Permission[], options: UserOptions = {}): Promise<TestUser> {
    const user = await this.user(companyId, { ...options, permissions } as UserOptions);
    await this.replicated();
    return user;
  }

  /** A team of the company with `members` (user ids, the first flag says manager); its id. */
  async team(companyId: string, members: Array<{ userId: string; manager?: boolean }> = [], name = 'Team'): Promise<string> {
    const created = await this.teams.create(companyId, {
      name,
      members: members.map((member) => ({ userId: member.userId, manager: member.manager ?? false })),
    });
    return created.team.id;
  }

  /** A CRM contact of the company (through the app's service, so its events flow); placed in `stageId` when given. */
  async contact(
    companyId: string,
    input: ContactInput = {},
    placement?: { pipelineId: string; stageId: string },
  ): Promise<ContactEntity> {
    return this.app
      .get(ContactsService)
      .create(companyId, { firstName: 'Lead', ...input } as ContactInput & { firstName: string }, placement ?? null, null);
  }

  /** A pipeline of the company with stages named `stages` (in order); its id and its stages. */
  async pipeline(
    companyId: string,
    stages: string[] = ['New', 'Contacted', 'Won'],
    name = 'Sales',
  ): Promise<{ id: string; stages: PipelineStageEntity[] }> {
    const created = await this.app.get(PipelinesService).create(companyId, name, stages);
    return { id: created.pipeline.id, stages: created.stages };
  }

  private numbersMade = 0;

  /** A phone number of the company as a purchase leaves it (live unless `released`); purchasing itself is the phone-numbers feature's. */
  async phoneNumber(companyId: string, options: { released?: boolean } = {}): Promise<PhoneNumberEntity> {
    this.numbersMade += 1;
    const digits = String(this.numbersMade).padStart(4, '0');
    const numbers = CompanyScopedRepository.of(this.db, PhoneNumberEntity, companyId);
    return numbers.save(
      numbers.create({
        phoneNumber: `+1212555${digits}`,
        providerNumberId: `PN${this.numbersMade}`,
        provider: 'sandbox',
        friendlyName: `(212) 555-${digits}`,
        nickname: null,
        locality: 'New York',
        areaCode: '212',
        country: 'US',
        numberType: 'local',
        capabilities: ['Voice', 'SMS'],
        releasedAt: options.released ? new Date() : null,
      }),
    );
  }

  /** A selection list of the company with `contactIds` (numeric ids) on it; its id. */
  async list(companyId: string, contactIds: string[] = [], name = 'Campaign'): Promise<string> {
    const created = await this.app.get(ListsService).create(
      companyId,
      name,
      contactIds.map((id) => ({ sent: id, id })),
    );
    return created.list.id;
  }

  /** An appointment of the company with `contactId` (a new contact when omitted), tomorrow for an hour unless given. */
  async appointment(companyId: string, input: Partial<AppointmentInput> = {}): Promise<AppointmentEntity> {
    const startsAt = input.startsAt ?? new Date(Date.now() + 24 * 60 * 60 * 1000);
    return this.app.get(AppointmentsService).schedule(
      companyId,
      {
        contactId: input.contactId ?? (await this.contact(companyId)).id,
        title: input.title ?? 'Call',
        startsAt,
        endsAt: input.endsAt ?? new Date(startsAt.getTime() + 60 * 60 * 1000),
        assignedTo: input.assignedTo ?? null,
      },
      null,
    );
  }

  /** A personal access token of `user` with `scopes`, announced the way auth announces one (credential.issued). */
  async personalAccessToken(user: Pick<TestUser, 'id' | 'companyId'>, scopes: readonly string[]): Promise<string> {
    const value = generateOpaqueCredential('personal_access_token');
    const credentialId = randomUUID();
    await this.db.transaction((manager) =>
      this.app.get(Outbox).append(
        manager,
        newEvent('credential.issued', {
          companyId: user.companyId,
          subject: credentialId,
          data: {
            credential_id: credentialId,
            kind: 'personal_access_token',
            company_id: user.companyId,
            user_id: user.id,
            name: 'test token',
            digest: credentialDigest(value),
            scopes: [...scopes],
            expires_at: null,
            created_at: new Date().toISOString(),
          },
        }),
      ),
    );
    this.pending.credentials.add(credentialId);
    return value;
  }

  /** Waits until every company, user and credential made so far has reached the authz replicas. */
  async replicated(): Promise<void> {
    const { companies, users, credentials } = this.pending;
    const count = async (table: string, column: string, ids: Set<string>): Promise<number> =>
      ids.size === 0
        ? 0
        : (await this.db.query(`SELECT count(*)::int AS n FROM platform.${table} WHERE ${column}::text = ANY($1)`, [[...ids]]))[0]
            .n;
    await eventually(
      async () =>
        (await count('company_replica', 'id', companies)) === companies.size &&
        (await count('user_replica', 'id', users)) === users.size &&
        (await count('credential_replica', 'credential_id', credentials)) === credentials.size,
      (done) => done,
      { timeoutMs: 60_000, what: 'the companies, users and credentials made by the harness to reach the replicas' },
    );
    companies.clear();
    users.clear();
    credentials.clear();
  }

  /** The last event the platform's outbox holds for `subject` on `topic` (subjects are ids, unique per aggregate only). */
  async lastEvent(topic: Topic, subject: string): Promise<{ type: string; data: Record<string, unknown> }> {
    const rows: Array<{ type: string; envelope: { data: Record<string, unknown> } }> = await this.db.query(
      'SELECT type, envelope FROM platform.outbox WHERE topic = $1 AND subject = $2 ORDER BY seq DESC LIMIT 1',
      [topic, subject],
    );
    if (!rows[0]) throw new Error(`no event in the outbox for ${subject} on ${topic}`);
    return { type: rows[0].type, data: rows[0].envelope.data };
  }
}
