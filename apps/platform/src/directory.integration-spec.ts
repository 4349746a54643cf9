import type { INestApplication } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_TYPE,
  credentialDigest,
  generateOpaqueCredential,
  PERMISSIONS,
  type Permission,
} from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { createTestDatabase, eventually, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { CompaniesService } from './companies/companies.service';
import { PlatformIdCodec } from './ids/platform-id.codec';
import { createPlatformApp, loadPlatformEnvironment } from './platform.app';
import { RolesService } from './roles/roles.service';
import { TeamsService } from './teams/teams.service';
import { UsersService } from './users/users.service';
import { verifyPassword } from '@suite/passwords';

/**
 * Users, roles and teams against the booted platform app, real PostgreSQL and Kafka. Access
 * tokens are RFC 9068 JWTs minted here with a test key served from a tiny JWKS server that the
 * app trusts (AUTH_ISSUER / AUTH_JWKS_URL) — tests in apps/ do not import the auth app. Users
 * reach the authz replicas the production way: platform's own user events, through Kafka.
 */
const KID = 'directory-test-key';
/** A permission none of the endpoints under test requires: a scope or role of only this grants nothing here. */
const UNRELATED: Permission = 'view-spam-protected-numbers';

let database: TestDatabase;
let app: INestApplication;
let jwks: Server;
let issuer: string;
let privateKey: KeyLike;
let codec: PlatformIdCodec;
let db: DataSource;

/** Company ids: the agency A, its child C, a stranger B. */
const company = { A: '', B: '', C: '' };
/** Per company: a role with every permission and its admin user. */
const admin: Record<'A' | 'B' | 'C', { roleId: string; userId: string }> = {
  A: { roleId: '', userId: '' },
  B: { roleId: '', userId: '' },
  C: { roleId: '', userId: '' },
};
let limitedUserId = '';
let narrowPat = '';

beforeAll(async () => {
  const keys = await generateKeyPair('ES256');
  privateKey = keys.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const address = jwks.address();
  if (!address || typeof address === 'string') throw new Error('JWKS server did not start');
  issuer = `http://127.0.0.1:${address.port}`;

  database = await createTestDatabase('platform_directory');
  app = await createPlatformApp(
    loadPlatformEnvironment({
      ...process.env,
      DATABASE_URL: database.url,
      KAFKA_TOPIC_PREFIX: uniqueTopicPrefix('platform-directory'),
      KAFKA_TOPIC_PARTITIONS: '1',
      AUTH_ISSUER: issuer,
      AUTH_JWKS_URL: `${issuer}/jwks`,
      PLATFORM_ID_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      INTERNAL_API_TOKEN: 'i'.repeat(40),
      LOG_LEVEL: 'silent',
      PORT: '0',
    }),
  );
  await app.init();
  db = app.get(DataSource);
  codec = app.get(PlatformIdCodec);

  const companies = app.get(CompaniesService);
  company.A = (await companies.create({ name: 'Agency A' })).id;
  company.B = (await companies.create({ name: 'Stranger B' })).id;
  company.C = (await companies.create({ name: 'Child C', parentCompanyId: company.A })).id;
  for (const key of ['A', 'B', 'C'] as const) {
    admin[key].roleId = (await roles().create(company[key], { name: 'Admin', permissions: [...PERMISSIONS] })).id;
    admin[key].userId = (await seedUser(key)).id;
  }
  const limitedRole = await roles().create(company.A, { name: 'Limited', permissions: [UNRELATED] });
  limitedUserId = (await users().create(company.A, { ...userInput(), roleId: limitedRole.id })).id;

  // A personal access token of A's admin whose scopes are narrower than every permission under test.
  narrowPat = generateOpaqueCredential('personal_access_token');
  await db.transaction((manager) =>
    app.get(Outbox).append(
      manager,
      newEvent('credential.issued', {
        companyId: company.A,
        subject: 'pat-narrow',
        data: {
          credential_id: 'pat-narrow',
          kind: 'personal_access_token',
          company_id: company.A,
          user_id: admin.A.userId,
          name: 'narrow',
          digest: credentialDigest(narrowPat),
          scopes: [UNRELATED],
          expires_at: null,
          created_at: new Date().toISOString(),
        },
      }),
    ),
  );

  const expectedUsers = [admin.A.userId, admin.B.userId, admin.C.userId, limitedUserId];
  await eventually(
    async () => {
      const [usersSeen] = await db.query('SELECT count(*)::int AS n FROM platform.user_replica WHERE id = ANY($1::bigint[])', [
        expectedUsers,
      ]);
      const [companiesSeen] = await db.query(
        'SELECT count(*)::int AS n FROM platform.company_replica WHERE id = ANY($1::bigint[])',
        [Object.values(company)],
      );
      const [patSeen] = await db.query(
        `SELECT count(*)::int AS n FROM platform.credential_replica WHERE credential_id = 'pat-narrow'`,
      );
      return usersSeen.n === 4 && companiesSeen.n === 3 && patSeen.n === 1;
    },
    (ready) => ready,
    { timeoutMs: 60_000, what: 'users, companies and the PAT to reach the replicas' },
  );
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await new Promise((resolve) => jwks?.close(resolve));
});

const users = () => app.get(UsersService);
const roles = () => app.get(RolesService);
const teams = () => app.get(TeamsService);
const http = () => request(app.getHttpServer());

const userInput = () => ({ name: 'Someone', email: `u-${randomUUID()}@Example.com`, password: 'password-1' });
const seedUser = (key: 'A' | 'B' | 'C', extra: Partial<Parameters<UsersService['create']>[1]> = {}) =>
  users().create(company[key], { ...userInput(), roleId: admin[key].roleId, ...extra });

/** An RFC 9068 access token as auth would issue it. */
async function mint(userId: string, companyId: string, scope = '*'): Promise<string> {
  return new SignJWT({ client_id: 'test-client', sid: randomUUID(), company_id: companyId, scope })
    .setProtectedHeader({ alg: 'ES256', typ: ACCESS_TOKEN_TYPE, kid: KID })
    .setIssuer(issuer)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}
const adminToken = (key: 'A' | 'B' | 'C' = 'A', scope = '*') => mint(admin[key].userId, company[key], scope);

const base64Id = (id: string) => Buffer.from(id).toString('base64');

type Method = 'get' | 'post' | 'put' | 'delete';
interface Target {
  path: string;
  body?: Record<string, unknown>;
  /** The resource's numeric id, for id-addressed endpoints. */
  id?: string;
}
interface EndpointCase {
  name: string;
  method: Method;
  permission: Permission;
  /** Makes a fresh target in company `key` (so destructive cases never share one). */
  target: (key: 'A' | 'B' | 'C') => Promise<Target>;
  status: number;
  expected: Record<string, unknown>;
}

const newTeam = async (key: 'A' | 'B' | 'C') =>
  (await teams().create(company[key], { name: 'Team', members: [{ userId: admin[key].userId, manager: true }] })).team.id;
const newRole = async (key: 'A' | 'B' | 'C') =>
  (await roles().create(company[key], { name: 'Spare', permissions: ['view-users'] })).id;
const updateBody = (key: 'A' | 'B' | 'C') => ({
  name: 'Renamed',
  email: `r-${randomUUID()}@example.com`,
  role_id: Number(admin[key].roleId),
});

const ENDPOINTS: EndpointCase[] = [
  {
    name: 'GET /api/teams/:id/members',
    method: 'get',
    permission: 'view-teams',
    target: async (key) => {
      const id = await newTeam(key);
      return { id, path: `/api/teams/{id}/members` };
    },
    status: 200,
    expected: { success: true },
  },
  ...(['/api/teams/{id}', '/api/teams/delete/{id}'] as const).map((path): EndpointCase => ({
    name: `DELETE ${path}`,
    method: 'delete',
    permission: 'view-teams',
    target: async (key) => ({ id: await newTeam(key), path }),
    status: 200,
    expected: { success: true, message: 'Team deleted successfully.' },
  })),
  ...(['/api/users/{id}', '/api/users/update/{id}'] as const).map((path): EndpointCase => ({
    name: `PUT ${path}`,
    method: 'put',
    permission: 'edit-users',
    target: async (key) => ({ id: (await seedUser(key)).id, path, body: updateBody(key) }),
    status: 200,
    expected: { message: 'User updated successfully.' },
  })),
  ...(['/api/users/{id}', '/api/users/delete/{id}'] as const).map((path): EndpointCase => ({
    name: `DELETE ${path}`,
    method: 'delete',
    permission: 'delete-users',
    target: async (key) => ({ id: (await seedUser(key)).id, path }),
    status: 200,
    expected: { message: 'User deleted successfully.' },
  })),
  ...(['/api/roles/{id}', '/api/roles/delete/{id}'] as const).map((path): EndpointCase => ({
    name: `DELETE ${path}`,
    method: 'delete',
    permission: 'delete-role',
    target: async (key) => ({ id: await newRole(key), path }),
    status: 200,
    expected: { message: 'Role deleted successfully.' },
  })),
  {
    name: 'PUT /api/roles/:id',
    method: 'put',
    permission: 'edit-roles',
    target: async (key) => ({
      id: await newRole(key),
      path: '/api/roles/{id}',
      body: { name: 'Edited', permissions: ['view-users', 'view-teams'] },
    }),
    status: 200,
    expected: { success: true, message: 'Role updated successfully.' },
  },
  {
    name: 'GET /api/users',
    method: 'get',
    permission: 'view-users',
    target: async () => ({ path: '/api/users' }),
    status: 200,
    expected: { success: true },
  },
  {
    name: 'POST /api/users',
    method: 'post',
    permission: 'create-users',
    target: async (key) => ({ path: '/api/users', body: { ...updateBody(key), password: 'secret-1' } }),
    status: 201,
    expected: { success: true, message: 'User created successfully.' },
  },
  {
    name: 'GET /api/roles',
    method: 'get',
    permission: 'view-roles',
    target: async () => ({ path: '/api/roles' }),
    status: 200,
    expected: { success: true },
  },
  {
    name: 'POST /api/roles',
    method: 'post',
    permission: 'edit-roles',
    target: async () => ({ path: '/api/roles', body: { name: 'New role', permissions: ['view-users'] } }),
    status: 201,
    expected: { success: true, message: 'Role created successfully.' },
  },
  {
    name: 'GET /api/teams',
    method: 'get',
    permission: 'view-teams',
    target: async () => ({ path: '/api/teams' }),
    status: 200,
    expected: { success: true },
  },
  {
    name: 'POST /api/teams',
    method: 'post',
    permission: 'edit-teams',
    target: async (key) => ({
      path: '/api/teams',
      body: { name: 'New team', members: [{ user_id: Number(admin[key].userId), manager: false }] },
    }),
    status: 201,
    expected: { success: true, message: 'Team created successfully.' },
  },
];

/** Sends `target` with `token`; `id` replaces `{id}` (default: the numeric id), `companyId` goes in the query. */
function send(
  endpoint: EndpointCase,
  target: Target,
  token: string,
  options: { id?: string; companyId?: string; body?: Record<string, unknown> } = {},
) {
  const path = target.path.replace('{id}', encodeURIComponent(options.id ?? target.id ?? ''));
  const query = options.companyId ? `?company_id=${options.companyId}` : '';
  let call = http()
    [endpoint.method](path + query)
    .set('authorization', `Bearer ${token}`);
  const body = options.body ?? target.body;
  if (body) call = call.send(body);
  return call;
}

describe.each(ENDPOINTS)('$name', (endpoint) => {
  const addressedById = endpoint.name.includes(':id') || endpoint.name.includes('{id}');

  it('succeeds in the caller’s own company with the fixed answer', async () => {
    const target = await endpoint.target('A');
    const response = await send(endpoint, target, await adminToken());
    expect({ status: response.status, body: response.body }).toMatchObject({ status: endpoint.status, body: endpoint.expected });
  });

  it('answers 404 for another company (its id, or company_id)', async () => {
    const target = await endpoint.target('B');
    const response = addressedById
      ? await send(endpoint, target, await adminToken())
      : await send(endpoint, target, await adminToken(), { companyId: company.B });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: expect.any(String), errors: expect.any(Object) });
  });

  it('answers 403 to a user whose role lacks the permission', async () => {
    const target = await endpoint.target('A');
    const response = await send(endpoint, target, await mint(limitedUserId, company.A));
    expect(response.status).toBe(403);
    expect(response.body.message).toContain(endpoint.permission);
  });

  it('answers 403 to an access token or PAT whose scope is narrower than the permission', async () => {
    const target = await endpoint.target('A');
    expect((await send(endpoint, target, await adminToken('A', `${UNRELATED} openid`))).status).toBe(403);
    expect((await send(endpoint, target, narrowPat)).status).toBe(403);
  });

  it('answers 401 without a valid token', async () => {
    const target = await endpoint.target('A');
    expect((await send(endpoint, target, 'not-a-token')).status).toBe(401);
  });

  it('lets the agency act on its child company with company_id, not on a stranger', async () => {
    const child = await endpoint.target('C');
    const allowed = await send(endpoint, child, await adminToken(), { companyId: company.C });
    expect({ status: allowed.status, body: allowed.body }).toMatchObject({ status: endpoint.status, body: endpoint.expected });
    const stranger = await endpoint.target('B');
    expect((await send(endpoint, stranger, await adminToken(), { companyId: company.B })).status).toBe(404);
  });

  if (addressedById) {
    it('resolves base64 and encrypted ids like numeric ones; undecodable ids are 404', async () => {
      for (const spell of [base64Id, (id: string) => codec.encrypt(id)]) {
        const target = await endpoint.target('A');
        const response = await send(endpoint, target, await adminToken(), { id: spell(target.id!) });
        expect({ status: response.status, body: response.body }).toMatchObject({
          status: endpoint.status,
          body: endpoint.expected,
        });
      }
      const target = await endpoint.target('A');
      for (const garbage of ['nope', 'enc_AAAA', '0', codec.encrypt(target.id!).slice(0, -3) + 'AAA']) {
        expect((await send(endpoint, target, await adminToken(), { id: garbage })).status).toBe(404);
      }
    });

    it('does not reach a child company’s row without company_id', async () => {
      const target = await endpoint.target('C');
      expect((await send(endpoint, target, await adminToken())).status).toBe(404);
    });
  }

  if (endpoint.method === 'post' || endpoint.method === 'put') {
    it('refuses fields outside the DTO with 400 in the platform body', async () => {
      const target = await endpoint.target('A');
      const response = await send(endpoint, target, await adminToken(), {
        body: { ...target.body, company_id: company.B, is_admin: true },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: expect.any(String),
        errors: expect.objectContaining({ is_admin: expect.any(Array) }),
      });
    });
  }
});

/** The last event the outbox holds for a subject. */
async function lastEvent(subject: string, type?: string): Promise<{ type: string; data: Record<string, unknown> }> {
  const rows: Array<{ type: string; envelope: { data: Record<string, unknown> } }> = await db.query(
    `SELECT type, envelope FROM platform.outbox WHERE subject = $1 AND type LIKE 'user.%' ${type ? 'AND type = $2' : ''} ORDER BY seq DESC LIMIT 1`,
    type ? [subject, type] : [subject],
  );
  return { type: rows[0]!.type, data: rows[0]!.envelope.data };
}

describe('Update User', () => {
  it('applies every field, keeps the password when omitted, and emits the full snapshot', async () => {
    const user = await seedUser('A');
    const before = await db.query('SELECT password_hash FROM platform.users WHERE id = $1', [user.id]);
    const token = await adminToken();
    const body = {
      name: 'Grace Hopper',
      email: `Grace-${randomUUID()}@Example.com`,
      role_id: Number(admin.A.roleId),
      status: 'Suspended',
      dialer: 'Both',
      use_balance: 'User',
      pay_for_seats: 'Houseler',
      use_company_seat: 'Yes',
      local_presence: 'Yes',
      phone_number: '+12125550100',
      ext_phone: [11, 12],
      area_codes: ['212', '646'],
    };
    await http()
      .put(`/api/users/${user.id}`)
      .set('authorization', `Bearer ${token}`)
      .send(body)
      .expect(200, { message: 'User updated successfully.' });
    const saved = await users().get(company.A, user.id);
    expect(saved).toMatchObject({
      name: body.name,
      email: body.email,
      status: 'Suspended',
      dialer: 'Both',
      useBalance: 'User',
      payForSeats: 'Houseler',
      useCompanySeat: 'Yes',
      localPresence: 'Yes',
      phoneNumber: body.phone_number,
      areaCodes: ['212', '646'],
      passwordHash: before[0].password_hash,
    });
    expect(saved.extPhones!.map((phone) => phone.phoneNumberId).sort()).toEqual(['11', '12']);
    const event = await lastEvent(user.id);
    expect(event).toEqual({
      type: 'user.updated',
      data: {
        id: user.id,
        company_id: company.A,
        email: body.email,
        name: body.name,
        status: 'Suspended',
        role_id: admin.A.roleId,
        permissions: [...PERMISSIONS],
        password_hash: before[0].password_hash,
      },
    });

    // ext_phone replaces the list; a new password is hashed with argon2id; local presence off clears area codes.
    await http()
      .put(`/api/users/update/${user.id}`)
      .set('authorization', `Bearer ${token}`)
      .send({ ...body, password: 'new-password', ext_phone: [13], local_presence: 'No' })
      .expect(200);
    const again = await users().get(company.A, user.id);
    expect(again.extPhones!.map((phone) => phone.phoneNumberId)).toEqual(['13']);
    expect(again.areaCodes).toEqual([]);
    expect(again.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(again.passwordHash, 'new-password')).resolves.toBe(true);
    expect((await lastEvent(user.id)).data.password_hash).toBe(again.passwordHash);
  });

  it('never returns the password or its hash', async () => {
    const response = await http()
      .get('/api/users?per_page=100')
      .set('authorization', `Bearer ${await adminToken()}`)
      .expect(200);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('password');
  });

  it('refuses an email taken by a live user, case-insensitively, in this or any company', async () => {
    const target = await seedUser('A');
    const token = await adminToken();
    for (const owner of [await seedUser('A'), await seedUser('B')]) {
      const response = await http()
        .put(`/api/users/${target.id}`)
        .set('authorization', `Bearer ${token}`)
        .send({ ...updateBody('A'), email: owner.email.toUpperCase() });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: expect.any(String),
        errors: { email: ['The email has already been taken.'] },
      });
    }
  });

  it('frees the email of a deleted user', async () => {
    const gone = await seedUser('A');
    await users().delete(company.A, gone.id);
    const target = await seedUser('A');
    await http()
      .put(`/api/users/${target.id}`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .send({ ...updateBody('A'), email: gone.email })
      .expect(200);
  });

  it('refuses a role of another company, or one granting more than the caller holds', async () => {
    const target = await seedUser('A');
    const foreign = await http()
      .put(`/api/users/${target.id}`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .send({ ...updateBody('A'), role_id: Number(admin.B.roleId) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ role_id: ['The selected role is invalid.'] });

    // A's admin with a token scoped to edit-users and view-users may edit a view-users holder,
    // but cannot hand them the all-permissions role.
    const limited = await seedUser('A', { roleId: await newRole('A') });
    const escalation = await http()
      .put(`/api/users/${limited.id}`)
      .set('authorization', `Bearer ${await adminToken('A', 'edit-users view-users')}`)
      .send({ ...updateBody('A') });
    expect(escalation.status).toBe(403);
    expect(escalation.body.message).toMatch(/^You cannot grant permissions you do not hold: /);
  });

  it('reports every invalid field at once', async () => {
    const target = await seedUser('A');
    const response = await http()
      .put(`/api/users/${target.id}`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .send({ name: '', email: 'nope', password: '123', status: 'Gone' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'name', 'password', 'role_id', 'status']);
  });
});

describe('Delete User', () => {
  it('soft-deletes, removes team assignments and emits user.deleted', async () => {
    const user = await seedUser('A');
    const team = await teams().create(company.A, { name: 'T', members: [{ userId: user.id, manager: false }] });
    await http()
      .delete(`/api/users/${user.id}`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .expect(200, { message: 'User deleted successfully.' });
    const [row] = await db.query('SELECT deleted_at FROM platform.users WHERE id = $1', [user.id]);
    expect(row.deleted_at).not.toBeNull();
    expect(await db.query('SELECT 1 FROM platform.team_members WHERE team_id = $1', [team.team.id])).toHaveLength(0);
    expect(await lastEvent(user.id)).toEqual({ type: 'user.deleted', data: { id: user.id, company_id: company.A } });
    await http()
      .delete(`/api/users/${user.id}`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .expect(404);
  });

  it('refuses to delete the caller themselves (422)', async () => {
    const response = await http()
      .delete(`/api/users/${admin.A.userId}`)
      .set('authorization', `Bearer ${await adminToken()}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message: 'You cannot delete your own account.', errors: {} });
  });
});

describe('Roles', () => {
  it('refuses to delete a role still assigned (409) and deletes it once free', async () => {
    const roleId = await newRole('A');
    const holder = await seedUser('A', { roleId });
    const token = await adminToken();
    const refused = await http().delete(`/api/roles/${roleId}`).set('authorization', `Bearer ${token}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The role is still assigned to 1 user; give them another role before deleting it.');
    await users().delete(company.A, holder.id);
    await http()
      .delete(`/api/roles/${roleId}`)
      .set('authorization', `Bearer ${token}`)
      .expect(200, { message: 'Role deleted successfully.' });
  });

  it("re-publishes user.updated for the role's users when its permissions change", async () => {
    const roleId = await newRole('A');
    const holders = [await seedUser('A', { roleId }), await seedUser('A', { roleId })];
    await http()
      .put(`/api/roles/${roleId}`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .send({ name: 'Spare', permissions: ['view-users', 'view-teams'] })
      .expect(200);
    for (const holder of holders) {
      expect(await lastEvent(holder.id)).toMatchObject({
        type: 'user.updated',
        data: { id: holder.id, permissions: ['view-users', 'view-teams'] },
      });
    }
    await eventually(
      () => db.query('SELECT permissions FROM platform.user_replica WHERE id = $1', [holders[0]!.id]),
      (rows: Array<{ permissions: string[] }>) => rows[0]?.permissions.includes('view-teams') === true,
      { timeoutMs: 30_000, what: 'the new permissions to reach the replica' },
    );
  });

  it('refuses to edit a role granting a permission the caller lacks, even to take permissions away (its holders outrank the caller)', async () => {
    // A's admin with a token scoped to edit-roles and view-users: may edit a view-users role, not the admin role.
    const token = await adminToken('A', 'edit-roles view-users');
    const strongRole = (
      await roles().create(company.A, { name: 'Strong', permissions: ['view-users', 'delete-users', 'edit-users'] })
    ).id;
    const holder = await seedUser('A', { roleId: strongRole });
    const before = await db.query('SELECT name, permissions FROM platform.roles WHERE id = $1', [strongRole]);
    const eventsBefore = await db.query(`SELECT count(*)::int AS n FROM platform.outbox WHERE subject = $1`, [holder.id]);
    const stripped = await http()
      .put(`/api/roles/${strongRole}`)
      .set('authorization', `Bearer ${token}`)
      .send({ name: 'Stripped', permissions: [] });
    expect({ status: stripped.status, body: stripped.body }).toEqual({
      status: 403,
      body: {
        success: false,
        message: 'You cannot edit a role that grants permissions you do not hold: delete-users, edit-users.',
        errors: {},
      },
    });
    expect(await db.query('SELECT name, permissions FROM platform.roles WHERE id = $1', [strongRole])).toEqual(before);
    expect(await db.query(`SELECT count(*)::int AS n FROM platform.outbox WHERE subject = $1`, [holder.id])).toEqual(
      eventsBefore,
    );

    const viewerRole = await newRole('A');
    await http()
      .put(`/api/roles/${viewerRole}`)
      .set('authorization', `Bearer ${token}`)
      .send({ name: 'Renamed', permissions: [] })
      .expect(200);
  });

  it('refuses unknown permissions', async () => {
    const response = await http()
      .post('/api/roles')
      .set('authorization', `Bearer ${await adminToken()}`)
      .send({ name: 'X', permissions: ['root'] });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('permissions');
  });
});

describe('Teams', () => {
  it("lists the company's users with assignment and manager flags", async () => {
    const member = await seedUser('A');
    const manager = await seedUser('A');
    const { team } = await teams().create(company.A, {
      name: 'Closers',
      members: [
        { userId: member.id, manager: false },
        { userId: manager.id, manager: true },
      ],
    });
    const response = await http()
      .get(`/api/teams/${base64Id(team.id)}/members`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .expect(200);
    expect(response.body.success).toBe(true);
    const listed = response.body.data.users as Array<Record<string, unknown>>;
    expect(listed).toEqual(
      expect.arrayContaining([
        { id: Number(member.id), name: member.name, email: member.email, status: 'Active', assigned: true, manager: 'No' },
        { id: Number(manager.id), name: manager.name, email: manager.email, status: 'Active', assigned: true, manager: 'Yes' },
        expect.objectContaining({ id: Number(admin.A.userId), assigned: false, manager: 'No' }),
      ]),
    );
    expect(listed.every((user) => Object.keys(user).sort().join() === 'assigned,email,id,manager,name,status')).toBe(true);
    expect(listed.some((user) => user.id === Number(admin.B.userId))).toBe(false);
    expect(response.body.data.assigned_members).toEqual(
      [
        { user_id: Number(member.id), manager: 'No' },
        { user_id: Number(manager.id), manager: 'Yes' },
      ].sort((a, b) => a.user_id - b.user_id),
    );
  });

  it('deletes a team with its assignments', async () => {
    const { team } = await teams().create(company.A, { name: 'Gone', members: [{ userId: admin.A.userId, manager: true }] });
    await http()
      .delete(`/api/teams/delete/${team.id}`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .expect(200, { success: true, message: 'Team deleted successfully.' });
    expect(await db.query('SELECT 1 FROM platform.team_members WHERE team_id = $1', [team.id])).toHaveLength(0);
    await http()
      .get(`/api/teams/${team.id}/members`)
      .set('authorization', `Bearer ${await adminToken()}`)
      .expect(404);
  });

  it('refuses members from another company', async () => {
    const response = await http()
      .post('/api/teams')
      .set('authorization', `Bearer ${await adminToken()}`)
      .send({ name: 'Mixed', members: [{ user_id: Number(admin.B.userId), manager: false }] });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('members');
  });
});

describe('List Users', () => {
  it('paginates with per_page default 15, max 100', async () => {
    const token = await adminToken();
    const first = await http().get('/api/users').set('authorization', `Bearer ${token}`).expect(200);
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    expect(first.body.data.length).toBeLessThanOrEqual(15);
    expect(first.body.data.every((user: { company_id: number }) => user.company_id === Number(company.A))).toBe(true);
    await http().get('/api/users?per_page=101').set('authorization', `Bearer ${token}`).expect(400);
  });
});
