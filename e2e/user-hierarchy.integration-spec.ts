import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { DataSource } from 'typeorm';
import { PERMISSIONS, type Permission } from '@suite/contracts';
import { CompaniesService, RolesService, UsersService } from '@suite/platform-app';
import { eventually } from '@suite/testing';
import { call, signIn, startAuthAndPlatform, type AuthAndPlatform } from './support/auth-and-platform';

/**
 * Who may act on whom, on the platform and auth listening over one PostgreSQL and real Kafka:
 * nobody may edit, delete or log in as a user who holds permissions they do not hold themselves.
 * Users are seeded through the platform's own services (the system actor) and reach auth's
 * replicas and login users the production way, through platform.user.v1.
 */
const PASSWORD = 'original-password-1';

const ROLES = {
  admin: [...PERMISSIONS],
  editor: ['edit-users'],
} satisfies Record<string, Permission[]>;
type RoleName = keyof typeof ROLES;

interface SeededUser {
  id: string;
  email: string;
  companyId: string;
  roleId: string;
}

let suite: AuthAndPlatform;
const company = { A: '' };
const roleIds = {} as Record<RoleName, string>;
/** A user nothing else touches: the last step of `deliveredToAuth`. */
let sentinel: SeededUser;
/** The report's two users: an admin, and a user whose role holds only edit-users. */
const takeover = {} as { admin: SeededUser; editor: SeededUser };

beforeAll(async () => {
  suite = await startAuthAndPlatform('e2e_user_hierarchy');
  company.A = (await suite.platform.get(CompaniesService).create({ name: 'Company A' })).id;
  for (const [name, permissions] of Object.entries(ROLES)) {
    roleIds[name as RoleName] = (await suite.platform.get(RolesService).create(company.A, { name, permissions })).id;
  }
  sentinel = await seedUser('editor');
  takeover.admin = await seedUser('admin');
  takeover.editor = await seedUser('editor');
  await replicated([sentinel, takeover.admin, takeover.editor]);
});

afterAll(async () => {
  await suite?.close();
});

const platformDb = () => suite.platform.get(DataSource);
const authDb = () => suite.auth.get(DataSource);

async function seedUser(role: RoleName): Promise<SeededUser> {
  const user = await suite.platform
    .get(UsersService)
    .create(company.A, { name: `${role} user`, email: `${role}-${randomUUID()}@example.com`, password: PASSWORD, roleId: roleIds[role] });
  return { id: user.id, email: user.email, companyId: user.companyId, roleId: user.roleId };
}

/** Every user in the platform's authz replica, auth's authz replica and auth's login users. */
async function replicated(users: SeededUser[]): Promise<void> {
  const ids = users.map((user) => user.id);
  const count = async (table: string) =>
    ((await (table.startsWith('platform.') ? platformDb() : authDb()).query(`SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::bigint[])`, [ids])) as Array<{ n: number }>)[0]!.n;
  await eventually(
    async () => (await count('platform.user_replica')) + (await count('auth.user_replica')) + (await count('auth.login_users')),
    (seen) => seen === 3 * ids.length,
    { timeoutMs: 60_000, what: 'the users to reach the platform and auth replicas' },
  );
}

/**
 * A barrier: every platform.user.v1 event committed so far has reached auth. Events of one
 * topic leave in commit order (one relay, one partition here), so once a change of the sentinel
 * made now is in auth's login users, every earlier change is too.
 */
async function deliveredToAuth(): Promise<void> {
  const email = `sentinel-${randomUUID()}@example.com`;
  await suite.platform.get(UsersService).update(company.A, sentinel.id, { name: 'Sentinel', email, roleId: sentinel.roleId });
  await eventually(
    () => authDb().query('SELECT email FROM auth.login_users WHERE id = $1', [sentinel.id]),
    (rows: Array<{ email: string }>) => rows[0]?.email === email,
    { timeoutMs: 30_000, what: "the sentinel's change to reach auth" },
  );
}

/** What a refused request must leave alone: the user's row. */
const userRow = async (id: string) =>
  (await platformDb().query('SELECT name, email, password_hash, role_id::text, status, deleted_at, updated_at FROM platform.users WHERE id = $1', [id]))[0];

describe('the reported takeover', () => {
  it("an edit-users holder cannot set the admin's password and email, so cannot sign in as the admin", async () => {
    const before = await userRow(takeover.admin.id);
    const stolen = { email: `stolen-${randomUUID()}@example.com`, password: 'attacker-chosen-1' };
    const response = await call(suite.platformBase, 'PUT', `/api/users/${takeover.admin.id}`, await suite.mint(takeover.editor.id, company.A), {
      name: 'Admin',
      email: stolen.email,
      password: stolen.password,
      role_id: Number(takeover.admin.roleId),
    });
    await deliveredToAuth();
    const token = await signIn(suite, company.A, stolen.email, stolen.password);
    // Before the fix: { status: 200, signedInAs: <the admin's id> }.
    expect({ status: response.status, signedInAs: token && decodeJwt(token).sub }).toEqual({ status: 403, signedInAs: null });
    expect(response.body).toEqual({
      success: false,
      message: expect.stringMatching(/^You cannot edit a user who holds permissions you do not: .*delete-users/),
      errors: {},
    });
    expect(await userRow(takeover.admin.id)).toEqual(before);
    // The admin still signs in with their own email and password.
    const own = await signIn(suite, company.A, takeover.admin.email, PASSWORD);
    expect(own && decodeJwt(own).sub).toBe(takeover.admin.id);
  });
});
