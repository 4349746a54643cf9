import { randomUUID } from 'node:crypto';
import { PERMISSIONS, Topics } from '@suite/contracts';
import { verifyPassword } from '@suite/passwords';
import { eventually } from '@suite/testing';
import { createTenancyFixture, PlatformTestApp, type CompanyKey, type EndpointCase, type TenancyFixture } from '../testing';
import { describeEndpointRules } from '../testing/describe-endpoint-rules';
import { EVERY_USER_SETTING } from '../testing/user-settings-body';

/**
 * Users, roles and teams against the booted platform app, real PostgreSQL and Kafka, through the
 * platform's test harness (`./testing`): access tokens are RFC 9068 JWTs from its stand-in issuer,
 * and users reach the authz replicas the production way, through platform's own events.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('directory');
  fixture = await createTenancyFixture(platform);
});

afterAll(async () => {
  await platform?.stop();
});

const company = (key: CompanyKey) => fixture.company[key];
const adminToken = (key: CompanyKey = 'A', scope?: string) => fixture.admin[key].token(scope);
/** A user of the company holding its admin role (every permission). */
const seedUser = (key: CompanyKey, roleId = fixture.admin[key].roleId) => platform.user(company(key), { roleId });
const newTeam = async (key: CompanyKey) => platform.team(company(key), [{ userId: fixture.admin[key].id, manager: true }]);
const newRole = (key: CompanyKey) => platform.role(company(key), ['view-users'], 'Spare');
const updateBody = (key: CompanyKey) => ({
  name: 'Renamed',
  email: `r-${randomUUID()}@example.com`,
  role_id: Number(fixture.admin[key].roleId),
});
/** A live phone number of the company; its id. */
const ownNumber = async (key: CompanyKey) => (await platform.phoneNumber(company(key))).id;
const userEvent = (id: string) => platform.lastEvent(Topics.platformUser, id);
const base64Id = (id: string) => Buffer.from(id).toString('base64');

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: '/api/teams/{id}/members',
    permission: 'view-teams',
    target: async (key) => ({ id: await newTeam(key) }),
    status: 200,
    expected: { success: true },
  },
  ...(['/api/teams/{id}', '/api/teams/delete/{id}'] as const).map((path): EndpointCase => ({
    method: 'delete',
    path,
    permission: 'view-teams',
    target: async (key) => ({ id: await newTeam(key) }),
    status: 200,
    expected: { success: true, message: 'Team deleted successfully.' },
  })),
  ...(['/api/users/{id}', '/api/users/update/{id}'] as const).map((path): EndpointCase => ({
    method: 'put',
    path,
    permission: 'edit-users',
    target: async (key) => ({ id: (await seedUser(key)).id, body: updateBody(key) }),
    status: 200,
    expected: { message: 'User updated successfully.' },
  })),
  ...(['/api/users/{id}', '/api/users/delete/{id}'] as const).map((path): EndpointCase => ({
    method: 'delete',
    path,
    permission: 'delete-users',
    target: async (key) => ({ id: (await seedUser(key)).id }),
    status: 200,
    expected: { message: 'User deleted successfully.' },
  })),
  ...(['/api/roles/{id}', '/api/roles/delete/{id}'] as const).map((path): EndpointCase => ({
    method: 'delete',
    path,
    permission: 'delete-role',
    target: async (key) => ({ id: await newRole(key) }),
    status: 200,
    expected: { message: 'Role deleted successfully.' },
  })),
  {
    method: 'put',
    path: '/api/roles/{id}',
    permission: 'edit-roles',
    target: async (key) => ({ id: await newRole(key), body: { name: 'Edited', permissions: ['view-users', 'view-teams'] } }),
    status: 200,
    expected: { success: true, message: 'Role updated successfully.' },
  },
  {
    method: 'get',
    path: '/api/users',
    permission: 'view-users',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'post',
    path: '/api/users',
    permission: 'create-users',
    target: async (key) => ({ body: { ...updateBody(key), password: 'secret-1' } }),
    status: 201,
    expected: { success: true, message: 'User created successfully.' },
  },
  {
    method: 'get',
    path: '/api/roles',
    permission: 'view-roles',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'post',
    path: '/api/roles',
    permission: 'edit-roles',
    target: async () => ({ body: { name: 'New role', permissions: ['view-users'] } }),
    status: 201,
    expected: { success: true, message: 'Role created successfully.' },
  },
  {
    method: 'get',
    path: '/api/teams',
    permission: 'view-teams',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'post',
    path: '/api/teams',
    permission: 'edit-teams',
    target: async (key) => ({
      body: { name: 'New team', members: [{ user_id: Number(fixture.admin[key].id), manager: false }] },
    }),
    status: 201,
    expected: { success: true, message: 'Team created successfully.' },
  },
];

describeEndpointRules(ENDPOINTS, () => ({ platform, fixture }));

describe('Update User', () => {
  it('applies every field, keeps the password when omitted, and emits the full snapshot', async () => {
    const user = await seedUser('A');
    const before = await platform.db.query('SELECT password_hash FROM platform.users WHERE id = $1', [user.id]);
    const token = await adminToken();
    const [p1, p2, p3] = [await ownNumber('A'), await ownNumber('A'), await ownNumber('A')];
    const body = {
      name: 'Grace Hopper',
      email: `Grace-${randomUUID()}@Example.com`,
      role_id: Number(fixture.admin.A.roleId),
      ...EVERY_USER_SETTING,
      ext_phone: [Number(p1), Number(p2)],
      area_codes: ['212', '646'],
    };
    await platform
      .request('put', `/api/users/${user.id}`, token)
      .send(body)
      .expect(200, { message: 'User updated successfully.' });
    const saved = await platform.users.get(company('A'), user.id);
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
    expect(saved.extPhones!.map((phone) => phone.phoneNumberId).sort()).toEqual([p1, p2].sort());
    expect(await userEvent(user.id)).toEqual({
      type: 'user.updated',
      data: {
        id: user.id,
        company_id: company('A'),
        email: body.email,
        name: body.name,
        status: 'Suspended',
        role_id: fixture.admin.A.roleId,
        permissions: [...PERMISSIONS],
        password_hash: before[0].password_hash,
      },
    });

    // ext_phone replaces the list; a new password is hashed with argon2id; local presence off clears area codes.
    await platform
      .request('put', `/api/users/update/${user.id}`, token)
      .send({ ...body, password: 'new-password', ext_phone: [Number(p3)], local_presence: 'No' })
      .expect(200);
    const again = await platform.users.get(company('A'), user.id);
    expect(again.extPhones!.map((phone) => phone.phoneNumberId)).toEqual([p3]);
    expect(again.areaCodes).toEqual([]);
    expect(again.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(again.passwordHash, 'new-password')).resolves.toBe(true);
    expect((await userEvent(user.id)).data.password_hash).toBe(again.passwordHash);
  });

  it('never returns the password or its hash', async () => {
    const response = await platform.request('get', '/api/users?per_page=100', await adminToken()).expect(200);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('password');
  });

  it('refuses an email taken by a live user of the company, case-insensitively, on update and create', async () => {
    const target = await seedUser('A');
    const owner = await seedUser('A');
    const token = await adminToken();
    const taken = {
      success: false,
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    };
    const updated = await platform
      .request('put', `/api/users/${target.id}`, token)
      .send({ ...updateBody('A'), email: owner.email.toUpperCase() });
    expect({ status: updated.status, body: updated.body }).toEqual({ status: 400, body: taken });
    const created = await platform
      .request('post', '/api/users', token)
      .send({ ...updateBody('A'), email: owner.email.toUpperCase(), password: 'secret-1' });
    expect({ status: created.status, body: created.body }).toEqual({ status: 400, body: taken });
    await expect(platform.users.get(company('A'), target.id)).resolves.toMatchObject({ email: target.email });
  });

  it('lets each company have its own user of one email (decision 0037), and tells an admin nothing of other companies', async () => {
    const email = `shared-${randomUUID()}@example.com`;
    const create = async (key: CompanyKey, address: string) =>
      platform
        .request('post', '/api/users', await adminToken(key))
        .send({ ...updateBody(key), name: `Shared ${key}`, email: address, password: 'secret-1' });
    const inB = await create('B', email);
    expect(inB.status).toBe(201);
    // A's admin: an address B uses and one nobody uses get the same answer, and both are A's own users.
    const [inA, fresh] = [await create('A', email.toUpperCase()), await create('A', `fresh-${randomUUID()}@example.com`)];
    const shape = (response: Awaited<ReturnType<typeof create>>) => ({
      status: response.status,
      keys: Object.keys(response.body).sort(),
      dataKeys: Object.keys(response.body.data).sort(),
      message: response.body.message,
      company: response.body.data.company_id,
    });
    expect(shape(inA)).toEqual(shape(fresh));
    expect(shape(inA)).toMatchObject({ status: 201, company: Number(company('A')) });
    expect(inA.body.data.id).not.toBe(inB.body.data.id);
    // Renaming onto an address another company uses is no conflict either.
    const renamed = await seedUser('A');
    await platform
      .request('put', `/api/users/${renamed.id}`, await adminToken('A'))
      .send({ ...updateBody('A'), email: (await seedUser('B')).email })
      .expect(200);
    // Each company's account is its own: B's user is untouched, each event names its company.
    await expect(platform.users.get(company('B'), String(inB.body.data.id))).resolves.toMatchObject({ name: 'Shared B', email });
    expect((await userEvent(String(inA.body.data.id))).data).toMatchObject({
      company_id: company('A'),
      email: email.toUpperCase(),
    });
    expect((await userEvent(String(inB.body.data.id))).data).toMatchObject({ company_id: company('B'), email });
    // Within A the address is now taken.
    expect((await create('A', email)).status).toBe(400);
  });

  it('frees the email of a deleted user', async () => {
    const gone = await seedUser('A');
    await platform.users.delete(company('A'), gone.id);
    const target = await seedUser('A');
    await platform
      .request('put', `/api/users/${target.id}`, await adminToken())
      .send({ ...updateBody('A'), email: gone.email })
      .expect(200);
  });

  it('refuses a role of another company, or one granting more than the caller holds', async () => {
    const target = await seedUser('A');
    const foreign = await platform
      .request('put', `/api/users/${target.id}`, await adminToken())
      .send({ ...updateBody('A'), role_id: Number(fixture.admin.B.roleId) });
    expect({ status: foreign.status, body: foreign.body }).toEqual({
      status: 422,
      body: {
        success: false,
        message: 'role_id must be a role of the company.',
        errors: { role_id: ['not a role of the company'] },
      },
    });

    // A's admin with a token scoped to edit-users and view-users may edit a view-users holder,
    // but cannot hand them the all-permissions role.
    const limited = await seedUser('A', await newRole('A'));
    const escalation = await platform
      .request('put', `/api/users/${limited.id}`, await adminToken('A', 'edit-users view-users'))
      .send({ ...updateBody('A') });
    expect(escalation.status).toBe(403);
    expect(escalation.body.message).toMatch(/^You cannot grant permissions you do not hold: /);
  });

  it('refuses ext_phone ids of another company, released or of no number, on update and create: 422 by field, nothing changed (decision 0042)', async () => {
    const own = await ownNumber('A');
    const target = await seedUser('A');
    const token = await adminToken();
    await platform
      .request('put', `/api/users/${target.id}`, token)
      .send({ ...updateBody('A'), ext_phone: [Number(own)] })
      .expect(200);
    const kept = await platform.users.get(company('A'), target.id);
    const foreign = await ownNumber('B');
    const released = (await platform.phoneNumber(company('A'), { released: true })).id;
    const nowhere = String(Number(foreign) + 1_000_000);
    for (const [what, ids] of [
      ['foreign', [Number(own), Number(foreign)]],
      ['released', [Number(released)]],
      ['nowhere', [Number(nowhere), Number(own)]],
    ] as const) {
      const refused = `not phone numbers of the company: ${ids.filter((id) => String(id) !== own).join(', ')}`;
      const updated = await platform
        .request('put', `/api/users/${target.id}`, token)
        .send({ ...updateBody('A'), name: 'Changed', ext_phone: ids });
      expect({ what, status: updated.status, body: updated.body }).toEqual({
        what,
        status: 422,
        body: { success: false, message: 'ext_phone must be phone numbers of the company.', errors: { ext_phone: [refused] } },
      });
      const email = `ext-${randomUUID()}@example.com`;
      const created = await platform
        .request('post', '/api/users', token)
        .send({ ...updateBody('A'), email, password: 'secret-1', ext_phone: ids });
      expect({ what, status: created.status, errors: created.body.errors }).toEqual({
        what,
        status: 422,
        errors: { ext_phone: [refused] },
      });
      expect(await platform.db.query('SELECT 1 FROM platform.users WHERE email = $1', [email])).toEqual([]);
    }
    const after = await platform.users.get(company('A'), target.id);
    expect({ name: after.name, phones: after.extPhones!.map((phone) => phone.phoneNumberId) }).toEqual({
      name: kept.name,
      phones: [own],
    });
  });

  it('names every failing id field at once', async () => {
    const target = await seedUser('A');
    const response = await platform
      .request('put', `/api/users/${target.id}`, await adminToken())
      .send({ ...updateBody('A'), role_id: Number(fixture.admin.B.roleId), ext_phone: [Number(await ownNumber('B'))] });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['ext_phone', 'role_id']);
    expect(response.body.message).toBe('role_id must be a role of the company. ext_phone must be phone numbers of the company.');
  });

  it('reports every invalid field at once', async () => {
    const target = await seedUser('A');
    const response = await platform
      .request('put', `/api/users/${target.id}`, await adminToken())
      .send({ name: '', email: 'nope', password: '123', status: 'Gone' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'name', 'password', 'role_id', 'status']);
  });
});

describe('Delete User', () => {
  it('soft-deletes, removes team assignments and emits user.deleted', async () => {
    const user = await seedUser('A');
    const team = await platform.team(company('A'), [{ userId: user.id }], 'T');
    await platform
      .request('delete', `/api/users/${user.id}`, await adminToken())
      .expect(200, { message: 'User deleted successfully.' });
    const [row] = await platform.db.query('SELECT deleted_at FROM platform.users WHERE id = $1', [user.id]);
    expect(row.deleted_at).not.toBeNull();
    expect(await platform.db.query('SELECT 1 FROM platform.team_members WHERE team_id = $1', [team])).toHaveLength(0);
    expect(await userEvent(user.id)).toEqual({ type: 'user.deleted', data: { id: user.id, company_id: company('A') } });
    await platform.request('delete', `/api/users/${user.id}`, await adminToken()).expect(404);
  });

  it('refuses to delete the caller themselves (422)', async () => {
    const response = await platform.request('delete', `/api/users/${fixture.admin.A.id}`, await adminToken());
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message: 'You cannot delete your own account.', errors: {} });
  });
});

describe('Roles', () => {
  it('refuses to delete a role still assigned (409) and deletes it once free', async () => {
    const roleId = await newRole('A');
    const holder = await seedUser('A', roleId);
    const token = await adminToken();
    const refused = await platform.request('delete', `/api/roles/${roleId}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The role is still assigned to 1 user; give them another role before deleting it.');
    await platform.users.delete(company('A'), holder.id);
    await platform.request('delete', `/api/roles/${roleId}`, token).expect(200, { message: 'Role deleted successfully.' });
  });

  it("re-publishes user.updated for the role's users when its permissions change", async () => {
    const roleId = await newRole('A');
    const holders = [await seedUser('A', roleId), await seedUser('A', roleId)];
    await platform
      .request('put', `/api/roles/${roleId}`, await adminToken())
      .send({ name: 'Spare', permissions: ['view-users', 'view-teams'] })
      .expect(200);
    for (const holder of holders) {
      expect(await userEvent(holder.id)).toMatchObject({
        type: 'user.updated',
        data: { id: holder.id, permissions: ['view-users', 'view-teams'] },
      });
    }
    await eventually(
      () => platform.db.query('SELECT permissions FROM platform.user_replica WHERE id = $1', [holders[0]!.id]),
      (rows: Array<{ permissions: string[] }>) => rows[0]?.permissions.includes('view-teams') === true,
      { timeoutMs: 30_000, what: 'the new permissions to reach the replica' },
    );
  });

  it('refuses to edit a role granting a permission the caller lacks, even to take permissions away (its holders outrank the caller)', async () => {
    // A's admin with a token scoped to edit-roles and view-users: may edit a view-users role, not the admin role.
    const token = await adminToken('A', 'edit-roles view-users');
    const strongRole = await platform.role(company('A'), ['view-users', 'delete-users', 'edit-users'], 'Strong');
    const holder = await seedUser('A', strongRole);
    const roleRow = () => platform.db.query('SELECT name, permissions FROM platform.roles WHERE id = $1', [strongRole]);
    const eventCount = () => platform.db.query(`SELECT count(*)::int AS n FROM platform.outbox WHERE subject = $1`, [holder.id]);
    const [before, eventsBefore] = [await roleRow(), await eventCount()];
    const stripped = await platform.request('put', `/api/roles/${strongRole}`, token).send({ name: 'Stripped', permissions: [] });
    expect({ status: stripped.status, body: stripped.body }).toEqual({
      status: 403,
      body: {
        success: false,
        message: 'You cannot edit a role that grants permissions you do not hold: delete-users, edit-users.',
        errors: {},
      },
    });
    expect(await roleRow()).toEqual(before);
    expect(await eventCount()).toEqual(eventsBefore);

    const viewerRole = await newRole('A');
    await platform.request('put', `/api/roles/${viewerRole}`, token).send({ name: 'Renamed', permissions: [] }).expect(200);
  });

  it('refuses unknown permissions', async () => {
    const response = await platform.request('post', '/api/roles', await adminToken()).send({ name: 'X', permissions: ['root'] });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('permissions');
  });
});

describe('Teams', () => {
  it("lists the company's users with assignment and manager flags", async () => {
    const member = await seedUser('A');
    const manager = await seedUser('A');
    const team = await platform.team(
      company('A'),
      [
        { userId: member.id, manager: false },
        { userId: manager.id, manager: true },
      ],
      'Closers',
    );
    const response = await platform.request('get', `/api/teams/${base64Id(team)}/members`, await adminToken()).expect(200);
    expect(response.body.success).toBe(true);
    const listed = response.body.data.users as Array<Record<string, unknown>>;
    const listing = (user: typeof member, flag: 'Yes' | 'No') => ({
      id: Number(user.id),
      name: user.entity.name,
      email: user.email,
      status: 'Active',
      assigned: true,
      manager: flag,
    });
    expect(listed).toEqual(
      expect.arrayContaining([
        listing(member, 'No'),
        listing(manager, 'Yes'),
        expect.objectContaining({ id: Number(fixture.admin.A.id), assigned: false, manager: 'No' }),
      ]),
    );
    expect(listed.every((user) => Object.keys(user).sort().join() === 'assigned,email,id,manager,name,status')).toBe(true);
    expect(listed.some((user) => user.id === Number(fixture.admin.B.id))).toBe(false);
    expect(response.body.data.assigned_members).toEqual(
      [
        { user_id: Number(member.id), manager: 'No' },
        { user_id: Number(manager.id), manager: 'Yes' },
      ].sort((a, b) => a.user_id - b.user_id),
    );
  });

  it('deletes a team with its assignments', async () => {
    const team = await platform.team(company('A'), [{ userId: fixture.admin.A.id, manager: true }], 'Gone');
    await platform
      .request('delete', `/api/teams/delete/${team}`, await adminToken())
      .expect(200, { success: true, message: 'Team deleted successfully.' });
    expect(await platform.db.query('SELECT 1 FROM platform.team_members WHERE team_id = $1', [team])).toHaveLength(0);
    await platform.request('get', `/api/teams/${team}/members`, await adminToken()).expect(404);
  });

  it('refuses members of another company, deleted or of no user: 422 on members, no team made (decision 0042)', async () => {
    const gone = await seedUser('A');
    await platform.users.delete(company('A'), gone.id);
    const nowhere = String(Number(fixture.admin.B.id) + 1_000_000);
    for (const stranger of [fixture.admin.B.id, gone.id, nowhere]) {
      const name = `Mixed ${randomUUID()}`;
      const response = await platform
        .request('post', '/api/teams', await adminToken())
        .send({ name, members: [{ user_id: Number(fixture.admin.A.id) }, { user_id: Number(stranger), manager: true }] });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 422,
        body: {
          success: false,
          message: 'members must be users of the company.',
          errors: { members: [`not users of the company: ${stranger}`] },
        },
      });
      expect(await platform.db.query('SELECT 1 FROM platform.teams WHERE name = $1', [name])).toEqual([]);
    }
  });
});

describe('List Users', () => {
  it('paginates with per_page default 15, max 100', async () => {
    const token = await adminToken();
    const first = await platform.request('get', '/api/users', token).expect(200);
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    expect(first.body.data.length).toBeLessThanOrEqual(15);
    expect(first.body.data.every((user: { company_id: number }) => user.company_id === Number(company('A')))).toBe(true);
    await platform.request('get', '/api/users?per_page=101', token).expect(400);
  });
});
