import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { DataSource } from 'typeorm';
import { PersonalAccessTokensService } from '@suite/auth-app';
import { verifyPassword } from '@suite/passwords';
import {
  ACCESS_TOKEN_TOKEN_TYPE,
  PERMISSIONS,
  TOKEN_EXCHANGE_GRANT_TYPE,
  USER_ID_TOKEN_TYPE,
  type Permission,
} from '@suite/contracts';
import { CompaniesService, RolesService, UsersService } from '@suite/platform-app';
import { eventually } from '@suite/testing';
import { call, signIn, startAuthAndPlatform, type AnyBody, type AuthAndPlatform } from '../support/auth-and-platform';

/**
 * Who may act on whom, on the platform and auth listening over one PostgreSQL and real Kafka:
 * nobody may edit, delete or log in as a user who holds a permission they do not hold themselves
 * (decision 0009 §10). Users are seeded through the platform's own services (the system actor)
 * and reach both apps' replicas and auth's login users the production way, through
 * platform.user.v1. Every case acts on a user of its own, so no case depends on another.
 */
const PASSWORD = 'original-password-1';
const NEW_PASSWORD = 'chosen-by-the-caller-1';

const ROLES = {
  admin: [...PERMISSIONS],
  editor: ['edit-users'],
  editorViewer: ['edit-users', 'view-users'],
  editorDeleter: ['edit-users', 'delete-users'],
  manager: ['edit-users', 'view-users', 'delete-users'],
  viewer: ['view-users'],
  /** The lesser user's role: no permission at all. */
  member: [],
  /** What "change role" assigns: no permission either, so any caller may grant it. */
  guest: [],
} satisfies Record<string, Permission[]>;
type RoleName = keyof typeof ROLES;

interface SeededUser {
  id: string;
  name: string;
  email: string;
  companyId: string;
  roleId: string;
}

let suite: AuthAndPlatform;
/** The agency A and its child company C. */
const company = { A: '', C: '' };
const roleIds = { A: {} as Record<RoleName, string>, C: {} as Record<RoleName, string> };
/** A user nothing else touches: the last step of `deliveredToAuth`. */
let sentinel: SeededUser;
/** The report's two users: an admin, and a user whose role holds only edit-users. */
const takeover = {} as { admin: SeededUser; editor: SeededUser };

const platformDb = () => suite.platform.get(DataSource);
const authDb = () => suite.auth.get(DataSource);

async function seedUser(role: RoleName, key: 'A' | 'C' = 'A', status: 'Active' | 'Suspended' = 'Active'): Promise<SeededUser> {
  const user = await suite.platform.get(UsersService).create(company[key], {
    name: `${role} user`,
    email: `${role}-${randomUUID()}@example.com`,
    password: PASSWORD,
    roleId: roleIds[key][role],
    status,
  });
  return { id: user.id, name: user.name, email: user.email, companyId: user.companyId, roleId: user.roleId };
}

/** Every user in the platform's authz replica, auth's authz replica and auth's login users. */
async function replicated(users: SeededUser[]): Promise<void> {
  const ids = users.map((user) => user.id);
  const count = async (table: string) =>
    (
      (await (table.startsWith('platform.') ? platformDb() : authDb()).query(
        `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::bigint[])`,
        [ids],
      )) as Array<{ n: number }>
    )[0]!.n;
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

/** What a refused request must leave alone: the user's row, the events about them, login-as grants for them. */
async function traceOf(id: string) {
  const [row] = await platformDb().query(
    'SELECT name, email, password_hash, role_id::text, status, deleted_at, updated_at FROM platform.users WHERE id = $1',
    [id],
  );
  const [events] = await platformDb().query('SELECT count(*)::int AS n FROM platform.outbox WHERE subject = $1', [id]);
  const [grants] = await authDb().query('SELECT count(*)::int AS n FROM auth.grants WHERE user_id = $1', [id]);
  return { row, events: events.n as number, grants: grants.n as number };
}

// ---------------------------------------------------------------------------------------------
// The operations, the callers, and what a cell of the matrix expects.

const OPERATIONS = ['edit name', 'change password', 'change email', 'change role', 'delete', 'login-as'] as const;
type Operation = (typeof OPERATIONS)[number];

/** Sends `operation` on `target` (with `company_id` when acting in another company); the update body, when there is one. */
async function perform(operation: Operation, target: SeededUser, bearer: string, companyId?: string) {
  const query = companyId ? `?company_id=${companyId}` : '';
  if (operation === 'delete')
    return { response: await call(suite.platformBase, 'DELETE', `/api/users/${target.id}${query}`, bearer), sent: null };
  if (operation === 'login-as')
    return { response: await call(suite.platformBase, 'POST', `/api/users/${target.id}/login-as${query}`, bearer), sent: null };
  const sent = {
    name: operation === 'edit name' ? `Renamed ${randomUUID()}` : target.name,
    email: operation === 'change email' ? `changed-${randomUUID()}@example.com` : target.email,
    role_id: Number(operation === 'change role' ? roleIds[target.companyId === company.C ? 'C' : 'A'].guest : target.roleId),
    ...(operation === 'change password' ? { password: NEW_PASSWORD } : {}),
  };
  return { response: await call(suite.platformBase, 'PUT', `/api/users/${target.id}${query}`, bearer, sent), sent };
}

/** A successful operation did what it says. */
async function expectApplied(
  operation: Operation,
  target: SeededUser,
  actorUserId: string,
  done: { response: { body: AnyBody }; sent: AnyBody },
) {
  const { row } = await traceOf(target.id);
  switch (operation) {
    case 'edit name':
      return expect(row.name).toBe(done.sent.name);
    case 'change password':
      return expect(await verifyPassword(row.password_hash, NEW_PASSWORD)).toBe(true);
    case 'change email':
      return expect(row.email).toBe(done.sent.email);
    case 'change role':
      return expect(Number(row.role_id)).toBe(done.sent.role_id);
    case 'delete':
      return expect(row.deleted_at).not.toBeNull();
    case 'login-as':
      expect(done.response.body.data.user_id).toBe(Number(target.id));
      return expect(decodeJwt(done.response.body.data.token)).toMatchObject({ sub: target.id, act: { sub: actorUserId } });
  }
}

/**
 * The outcomes, as the table below spells them:
 * OK        200, and the change is made;
 * OUTRANKED 403: the target holds a permission the caller does not (the rule under test);
 * NO_PERM   403: the caller lacks the route's own permission (edit-users, delete-users, view-users);
 * NESTED    403: a login-as token cannot log in as anyone;
 * SELF      422: nobody deletes, or logs in as, themselves.
 */
const OK = 'OK';
const OUTRANKED = 'OUTRANKED';
const NO_PERM = 'NO_PERM';
const NESTED = 'NESTED';
const SELF = 'SELF';
type Outcome = typeof OK | typeof OUTRANKED | typeof NO_PERM | typeof NESTED | typeof SELF;

const VERB: Record<Operation, string> = {
  'edit name': 'edit',
  'change password': 'edit',
  'change email': 'edit',
  'change role': 'edit',
  delete: 'delete',
  'login-as': 'log in as',
};

const expectedAnswer = (outcome: Exclude<Outcome, typeof OK>, operation: Operation) =>
  ({
    [OUTRANKED]: {
      status: 403,
      message: expect.stringMatching(new RegExp(`^You cannot ${VERB[operation]} a user who holds permissions you do not: `)),
    },
    [NO_PERM]: { status: 403, message: expect.stringMatching(/^This action needs the [a-z-]+ permission\.$/) },
    [NESTED]: { status: 403, message: expect.stringMatching(/^Login-as cannot be nested/) },
    [SELF]: { status: 422, message: expect.stringMatching(/^You cannot (delete your own account|log in as yourself)\.$/) },
  })[outcome];

/** Runs one case: the answer, then the change made (OK) or nothing changed at all (every refusal). */
async function expectOutcome(
  outcome: Outcome,
  operation: Operation,
  target: SeededUser,
  actor: { userId: string; bearer: string },
  companyId?: string,
) {
  const before = await traceOf(target.id);
  const done = await perform(operation, target, actor.bearer, companyId);
  if (outcome === OK) {
    expect({ status: done.response.status, body: done.response.body }).toMatchObject({ status: 200 });
    await expectApplied(operation, target, actor.userId, done);
    return;
  }
  const { status, message } = expectedAnswer(outcome, operation);
  expect({ status: done.response.status, body: done.response.body }).toEqual({
    status,
    body: { success: false, message, errors: {} },
  });
  expect(await traceOf(target.id)).toEqual(before);
}

// ---------------------------------------------------------------------------------------------
// The callers. Each is a user of company A holding `role`, presenting `credential`; `equal` is
// the role of a user whose permissions equal what the credential may do.

const ACTORS = {
  admin: { role: 'admin', equal: 'admin', credential: 'access token' },
  'edit-users only': { role: 'editor', equal: 'editor', credential: 'access token' },
  'edit-users + view-users': { role: 'editorViewer', equal: 'editorViewer', credential: 'access token' },
  'edit-users + delete-users': { role: 'editorDeleter', equal: 'editorDeleter', credential: 'access token' },
  /** The admin's own personal access token, scoped to edit-users: it may do what edit-users allows, no more. */
  "admin's PAT (scope edit-users)": { role: 'admin', equal: 'editor', credential: 'personal access token: edit-users' },
  /** An admin logged in as a manager: the token's rights are the admin's ∩ the manager's = the manager's. */
  'login-as token (admin as a manager)': { role: 'manager', equal: 'manager', credential: 'login-as by an admin' },
} satisfies Record<
  string,
  { role: RoleName; equal: RoleName; credential: 'access token' | 'personal access token: edit-users' | 'login-as by an admin' }
>;
type ActorName = keyof typeof ACTORS;

const TARGETS = ['admin', 'equal', 'lesser', 'self'] as const;
type TargetName = (typeof TARGETS)[number];

/**
 * THE MATRIX: caller × target → the outcome of each operation (columns in OPERATIONS order).
 */
// The columns line up under the operations they stand for.
// prettier-ignore
const MATRIX: Record<ActorName, Record<TargetName, [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome]>> = {
  //         edit name  password   email      role       delete     login-as
  admin: {
    admin:  [OK,        OK,        OK,        OK,        OK,        OK],
    equal:  [OK,        OK,        OK,        OK,        OK,        OK],
    lesser: [OK,        OK,        OK,        OK,        OK,        OK],
    self:   [OK,        OK,        OK,        OK,        SELF,      SELF],
  },
  'edit-users only': {
    admin:  [OUTRANKED, OUTRANKED, OUTRANKED, OUTRANKED, NO_PERM,   NO_PERM],
    equal:  [OK,        OK,        OK,        OK,        NO_PERM,   NO_PERM],
    lesser: [OK,        OK,        OK,        OK,        NO_PERM,   NO_PERM],
    self:   [OK,        OK,        OK,        OK,        NO_PERM,   NO_PERM],
  },
  'edit-users + view-users': {
    admin:  [OUTRANKED, OUTRANKED, OUTRANKED, OUTRANKED, NO_PERM,   OUTRANKED],
    equal:  [OK,        OK,        OK,        OK,        NO_PERM,   OK],
    lesser: [OK,        OK,        OK,        OK,        NO_PERM,   OK],
    self:   [OK,        OK,        OK,        OK,        NO_PERM,   SELF],
  },
  'edit-users + delete-users': {
    admin:  [OUTRANKED, OUTRANKED, OUTRANKED, OUTRANKED, OUTRANKED, NO_PERM],
    equal:  [OK,        OK,        OK,        OK,        OK,        NO_PERM],
    lesser: [OK,        OK,        OK,        OK,        OK,        NO_PERM],
    self:   [OK,        OK,        OK,        OK,        SELF,      NO_PERM],
  },
  "admin's PAT (scope edit-users)": {
    admin:  [OUTRANKED, OUTRANKED, OUTRANKED, OUTRANKED, NO_PERM,   NO_PERM],
    equal:  [OK,        OK,        OK,        OK,        NO_PERM,   NO_PERM],
    lesser: [OK,        OK,        OK,        OK,        NO_PERM,   NO_PERM],
    // Its own user is an admin: a token narrowed by its scopes cannot reach past them through its own account.
    self:   [OUTRANKED, OUTRANKED, OUTRANKED, OUTRANKED, NO_PERM,   NO_PERM],
  },
  'login-as token (admin as a manager)': {
    // The token carries the manager's rights, not the admin's behind it.
    admin:  [OUTRANKED, OUTRANKED, OUTRANKED, OUTRANKED, OUTRANKED, NESTED],
    equal:  [OK,        OK,        OK,        OK,        OK,        NESTED],
    lesser: [OK,        OK,        OK,        OK,        OK,        NESTED],
    self:   [OK,        OK,        OK,        OK,        SELF,      NESTED],
  },
};

interface MatrixCase {
  actor: ActorName;
  target: TargetName;
  operation: Operation;
  outcome: Outcome;
}
const CASES: MatrixCase[] = (Object.keys(MATRIX) as ActorName[]).flatMap((actor) =>
  TARGETS.flatMap((target) =>
    OPERATIONS.map((operation, index) => ({ actor, target, operation, outcome: MATRIX[actor][target][index]! })),
  ),
);

/** A caller: its user, and how to get its bearer credential when a case runs (a login-as token lives 300 s). */
interface Caller {
  user: SeededUser;
  bearer: () => Promise<string>;
}
/** The admin who logs in as the managers behind the login-as tokens. */
let loginAsAdmin: SeededUser;
/** Per case (same index as CASES): its caller and its target, seeded for it alone. */
const fixtures: Array<{ caller: Caller; target: SeededUser }> = [];
/** Personal access tokens to wait for in the platform's credential replica. */
const patIds: string[] = [];

async function newCaller(actor: ActorName): Promise<Caller> {
  const spec = ACTORS[actor];
  const user = await seedUser(spec.role);
  switch (spec.credential) {
    case 'access token':
      return { user, bearer: () => suite.mint(user.id, company.A) };
    case 'personal access token: edit-users': {
      const { token, value } = await suite.auth
        .get(PersonalAccessTokensService)
        .create({ userId: user.id, companyId: company.A }, { name: 'edit-users only', scopes: ['edit-users'], expiresAt: null });
      patIds.push(token.id);
      return { user, bearer: async () => value };
    }
    case 'login-as by an admin':
      return { user, bearer: () => loginAsToken(user) };
  }
}

async function loginAsToken(user: SeededUser): Promise<string> {
  const response = await call(
    suite.platformBase,
    'POST',
    `/api/users/${user.id}/login-as`,
    await suite.mint(loginAsAdmin.id, company.A),
  );
  expect(response.status).toBe(200);
  return response.body.data.token;
}

beforeAll(async () => {
  suite = await startAuthAndPlatform('e2e_user_hierarchy');
  company.A = (await suite.platform.get(CompaniesService).create({ name: 'Agency A' })).id;
  company.C = (await suite.platform.get(CompaniesService).create({ name: 'Child C', parentCompanyId: company.A })).id;
  for (const key of ['A', 'C'] as const) {
    for (const [name, permissions] of Object.entries(ROLES)) {
      roleIds[key][name as RoleName] = (await suite.platform.get(RolesService).create(company[key], { name, permissions })).id;
    }
  }
  sentinel = await seedUser('editor');
  takeover.admin = await seedUser('admin');
  takeover.editor = await seedUser('editor');
  loginAsAdmin = await seedUser('admin');

  // One caller per kind for the cases on others; a caller of its own for each case on itself.
  const shared = new Map<ActorName, Caller>();
  for (const actor of Object.keys(ACTORS) as ActorName[]) shared.set(actor, await newCaller(actor));
  for (const { actor, target } of CASES) {
    if (target === 'self') {
      const caller = await newCaller(actor);
      fixtures.push({ caller, target: caller.user });
      continue;
    }
    const role: RoleName = target === 'admin' ? 'admin' : target === 'equal' ? ACTORS[actor].equal : 'member';
    fixtures.push({ caller: shared.get(actor)!, target: await seedUser(role) });
  }
  await seedEdgeCases();

  const everyone = new Map<string, SeededUser>();
  for (const user of [
    sentinel,
    takeover.admin,
    takeover.editor,
    loginAsAdmin,
    ...fixtures.flatMap(({ caller, target }) => [caller.user, target]),
    ...edgeUsers(),
  ]) {
    everyone.set(user.id, user);
  }
  await replicated([...everyone.values()]);
  await eventually(
    async () =>
      (
        await platformDb().query('SELECT count(*)::int AS n FROM platform.credential_replica WHERE credential_id = ANY($1)', [
          patIds,
        ])
      )[0].n,
    (seen: number) => seen === patIds.length,
    { timeoutMs: 60_000, what: 'the personal access tokens to reach the platform replica' },
  );
}, 300_000);

afterAll(async () => {
  await suite?.close();
});

describe('the reported takeover', () => {
  it("an edit-users holder cannot set the admin's password and email, so cannot sign in as the admin", async () => {
    const before = await traceOf(takeover.admin.id);
    const stolen = { email: `stolen-${randomUUID()}@example.com`, password: 'attacker-chosen-1' };
    const response = await call(
      suite.platformBase,
      'PUT',
      `/api/users/${takeover.admin.id}`,
      await suite.mint(takeover.editor.id, company.A),
      {
        name: 'Admin',
        email: stolen.email,
        password: stolen.password,
        role_id: Number(takeover.admin.roleId),
      },
    );
    await deliveredToAuth();
    const token = await signIn(suite, company.A, stolen.email, stolen.password);
    // Before the fix: { status: 200, signedInAs: <the admin's id> }.
    expect({ status: response.status, signedInAs: token && decodeJwt(token).sub }).toEqual({ status: 403, signedInAs: null });
    expect(response.body).toEqual({
      success: false,
      message: expect.stringMatching(/^You cannot edit a user who holds permissions you do not: .*delete-users/),
      errors: {},
    });
    // Nothing changed: the row, the events (so auth never heard of new credentials), the grants.
    expect(await traceOf(takeover.admin.id)).toEqual(before);
    // The admin still signs in with their own email and password.
    const own = await signIn(suite, company.A, takeover.admin.email, PASSWORD);
    expect(own && decodeJwt(own).sub).toBe(takeover.admin.id);
  });
});

describe('the matrix: caller × target × operation', () => {
  it.each(CASES.map((entry, index) => ({ ...entry, index })))(
    '$actor on $target: $operation → $outcome',
    async ({ index, operation, outcome }) => {
      const { caller, target } = fixtures[index]!;
      await expectOutcome(outcome, operation, target, { userId: caller.user.id, bearer: await caller.bearer() });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Edge cases beside the matrix: agencies, role changes, suspended and incomparable targets.

interface EdgeCase {
  name: string;
  caller: RoleName;
  target: { role: RoleName; company?: 'A' | 'C'; status?: 'Active' | 'Suspended' } | 'self';
  /** An operation of the matrix, or a change of role to `role` of the target's company. */
  operation: Operation | { role: RoleName };
  outcome: Outcome | 'NOT_GRANTABLE';
}

const EDGE_CASES: EdgeCase[] = [
  // An agency acts on its child company's users (with company_id) under the same rule.
  {
    name: "agency admin edits the child's admin",
    caller: 'admin',
    target: { role: 'admin', company: 'C' },
    operation: 'edit name',
    outcome: OK,
  },
  {
    name: "agency edit-users holder edits the child's admin",
    caller: 'editor',
    target: { role: 'admin', company: 'C' },
    operation: 'change password',
    outcome: OUTRANKED,
  },
  {
    name: "agency edit-users holder edits a child's member",
    caller: 'editor',
    target: { role: 'member', company: 'C' },
    operation: 'change email',
    outcome: OK,
  },
  {
    name: "agency manager deletes the child's admin",
    caller: 'manager',
    target: { role: 'admin', company: 'C' },
    operation: 'delete',
    outcome: OUTRANKED,
  },
  {
    name: "agency manager logs in as the child's admin",
    caller: 'manager',
    target: { role: 'admin', company: 'C' },
    operation: 'login-as',
    outcome: OUTRANKED,
  },
  {
    name: "agency manager logs in as a child's viewer",
    caller: 'manager',
    target: { role: 'viewer', company: 'C' },
    operation: 'login-as',
    outcome: OK,
  },
  // A suspended admin still outranks: un-suspending and re-keying them is the same takeover.
  {
    name: 'edit-users holder edits a suspended admin',
    caller: 'editor',
    target: { role: 'admin', status: 'Suspended' },
    operation: 'change password',
    outcome: OUTRANKED,
  },
  // Incomparable sets: neither holds all the other's permissions.
  {
    name: 'edit+view holder edits an edit+delete holder',
    caller: 'editorViewer',
    target: { role: 'editorDeleter' },
    operation: 'edit name',
    outcome: OUTRANKED,
  },
  {
    name: 'manager deletes an edit+delete holder (a lesser one)',
    caller: 'manager',
    target: { role: 'editorDeleter' },
    operation: 'delete',
    outcome: OK,
  },
  // Roles: nobody raises themselves or anyone else above their own permissions.
  {
    name: 'edit-users holder gives themselves the admin role',
    caller: 'editor',
    target: 'self',
    operation: { role: 'admin' },
    outcome: 'NOT_GRANTABLE',
  },
  {
    name: 'edit+view holder gives themselves the edit+delete role',
    caller: 'editorViewer',
    target: 'self',
    operation: { role: 'editorDeleter' },
    outcome: 'NOT_GRANTABLE',
  },
  {
    name: 'edit+view holder gives a member the admin role',
    caller: 'editorViewer',
    target: { role: 'member' },
    operation: { role: 'admin' },
    outcome: 'NOT_GRANTABLE',
  },
  {
    name: 'edit+view holder gives a member their own role',
    caller: 'editorViewer',
    target: { role: 'member' },
    operation: { role: 'editorViewer' },
    outcome: OK,
  },
  {
    name: 'admin gives a member the admin role',
    caller: 'admin',
    target: { role: 'member' },
    operation: { role: 'admin' },
    outcome: OK,
  },
];

const edgeFixtures: Array<{ caller: SeededUser; target: SeededUser }> = [];
const edgeUsers = () => edgeFixtures.flatMap(({ caller, target }) => [caller, target]);

async function seedEdgeCases(): Promise<void> {
  for (const edge of EDGE_CASES) {
    const caller = await seedUser(edge.caller);
    const target = edge.target === 'self' ? caller : await seedUser(edge.target.role, edge.target.company, edge.target.status);
    edgeFixtures.push({ caller, target });
  }
}

describe('edge cases', () => {
  it.each(EDGE_CASES.map((edge, index) => ({ ...edge, index })))('$name → $outcome', async ({ index, operation, outcome }) => {
    const { caller, target } = edgeFixtures[index]!;
    const actor = { userId: caller.id, bearer: await suite.mint(caller.id, company.A) };
    const companyId = target.companyId === company.A ? undefined : target.companyId;
    if (typeof operation === 'string') {
      await expectOutcome(outcome as Outcome, operation, target, actor, companyId);
      return;
    }
    const before = await traceOf(target.id);
    const roleId = roleIds[target.companyId === company.C ? 'C' : 'A'][operation.role];
    const response = await call(
      suite.platformBase,
      'PUT',
      `/api/users/${target.id}${companyId ? `?company_id=${companyId}` : ''}`,
      actor.bearer,
      {
        name: target.name,
        email: target.email,
        role_id: Number(roleId),
      },
    );
    if (outcome === OK) {
      expect(response.status).toBe(200);
      expect((await traceOf(target.id)).row.role_id).toBe(roleId);
    } else {
      expect({ status: response.status, body: response.body }).toEqual({
        status: 403,
        body: { success: false, message: expect.stringMatching(/^You cannot grant permissions you do not hold: /), errors: {} },
      });
      expect(await traceOf(target.id)).toEqual(before);
    }
  });

  it('the system actor (seeding, the admin CLI: no caller) is not limited', async () => {
    const admin = edgeFixtures[EDGE_CASES.findIndex((edge) => edge.name === "agency admin edits the child's admin")]!.target;
    await expect(
      suite.platform
        .get(UsersService)
        .update(admin.companyId, admin.id, { name: 'Renamed by the system', email: admin.email, roleId: admin.roleId }),
    ).resolves.toMatchObject({ name: 'Renamed by the system' });
  });

  it('auth refuses the exchange itself (invalid_grant) when the actor token cannot carry all the target’s permissions', async () => {
    // The platform would refuse first; this asks auth directly, as the platform does, to show the issuer's own check.
    const { caller, target } =
      edgeFixtures[EDGE_CASES.findIndex((edge) => edge.name === "agency manager logs in as the child's admin")]!;
    const response = await fetch(`${suite.authBase}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-internal-token': suite.internalToken },
      body: new URLSearchParams({
        grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
        subject_token: target.id,
        subject_token_type: USER_ID_TOKEN_TYPE,
        actor_token: await suite.mint(caller.id, company.A),
        actor_token_type: ACCESS_TOKEN_TOKEN_TYPE,
      }).toString(),
    });
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/^You cannot log in as a user who holds permissions you do not: /),
    });
    await expect(traceOf(target.id)).resolves.toMatchObject({ grants: 0 });
  });
});
