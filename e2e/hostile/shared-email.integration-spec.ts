import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { DataSource } from 'typeorm';
import { PERMISSIONS } from '@suite/contracts';
import { CompaniesService, RolesService, UsersService } from '@suite/platform-app';
import { eventually } from '@suite/testing';
import { call, signIn, startAuthAndPlatform, type AnyBody, type AuthAndPlatform } from '../support/auth-and-platform';

/**
 * One person, one email, accounts in several companies (issue 27, decision 0037), on the platform
 * and auth over one PostgreSQL and real Kafka: the platform keeps an email unique in the company
 * only and tells an admin nothing about other companies' addresses; auth learns the accounts from
 * platform.user.v1 and, when a password opens several, asks which company; everything after the
 * sign-in (tokens, login-as, deletion) stays per account.
 */
const PASSWORD = 'the-agency-password-1';
const BOLT_PASSWORD = 'bolt-has-its-own-1';

let suite: AuthAndPlatform;
/** The agency Acme and its client Crane (a child company); Bolt, a company of its own. */
const company = { acme: '', crane: '', bolt: '' };
const admin = { acme: '', bolt: '' };
/** The staff member's accounts, one per company, all under `email`. */
const account = { acme: '', crane: '', bolt: '' };
const email = `Staff-${randomUUID()}@Example.com`;

const authDb = () => suite.auth.get(DataSource);

async function bearer(key: keyof typeof admin): Promise<string> {
  return suite.mint(admin[key], company[key]);
}

/** POST /api/users as `key`'s admin (in `companyId`, an agency's child, when given). */
async function createUser(key: keyof typeof admin, address: string, password: string, companyId?: string) {
  const query = companyId ? `?company_id=${companyId}` : '';
  const roleId = await adminRoleOf(companyId ?? company[key]);
  return call(suite.platformBase, 'POST', `/api/users${query}`, await bearer(key), {
    name: 'Staff member',
    email: address,
    password,
    role_id: Number(roleId),
  });
}

const adminRoles = new Map<string, string>();
async function adminRoleOf(companyId: string): Promise<string> {
  if (!adminRoles.has(companyId)) {
    const role = await suite.platform.get(RolesService).create(companyId, { name: 'Admin', permissions: [...PERMISSIONS] });
    adminRoles.set(companyId, role.id);
  }
  return adminRoles.get(companyId)!;
}

/** Both apps know `ids` (the platform's authz replica, auth's login users) and auth every company by name (the chooser shows names). */
async function replicated(ids: string[]): Promise<void> {
  const count = async (db: DataSource, table: string, wanted: string[]) =>
    (
      (await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::bigint[])`, [wanted])) as Array<{ n: number }>
    )[0]!.n;
  await eventually(
    async () =>
      (await count(suite.platform.get(DataSource), 'platform.user_replica', ids)) +
      (await count(authDb(), 'auth.login_users', ids)) +
      (await count(authDb(), 'auth.company_replica', Object.values(company))),
    (seen) => seen === 2 * ids.length + 3,
    { timeoutMs: 60_000, what: 'the accounts and companies to reach the replicas' },
  );
}

beforeAll(async () => {
  suite = await startAuthAndPlatform('e2e_shared_email');
  const companies = suite.platform.get(CompaniesService);
  company.acme = (await companies.create({ name: 'Acme Agency' })).id;
  company.crane = (await companies.create({ name: 'Crane Roofing', parentCompanyId: company.acme })).id;
  company.bolt = (await companies.create({ name: 'Bolt Dental' })).id;
  for (const key of ['acme', 'bolt'] as const) {
    const user = await suite.platform.get(UsersService).create(company[key], {
      name: `Admin of ${key}`,
      email: `admin-${key}-${randomUUID()}@example.com`,
      password: PASSWORD,
      roleId: await adminRoleOf(company[key]),
    });
    admin[key] = user.id;
  }
  await replicated(Object.values(admin));
});

afterAll(async () => {
  await suite?.close();
});

describe('an email is unique in the company, not across companies', () => {
  it('lets each company create its own user of the email (201 each); within one company it is taken (400)', async () => {
    const inAcme = await createUser('acme', email, PASSWORD);
    const inCrane = await createUser('acme', email.toLowerCase(), PASSWORD, company.crane);
    const inBolt = await createUser('bolt', email.toUpperCase(), BOLT_PASSWORD);
    for (const [created, key] of [
      [inAcme, 'acme'],
      [inCrane, 'crane'],
      [inBolt, 'bolt'],
    ] as const) {
      expect({ status: created.status, company: created.body.data?.company_id }).toEqual({
        status: 201,
        company: Number(company[key]),
      });
      account[key] = String(created.body.data.id);
    }
    const again = await createUser('acme', email.toLowerCase(), 'another-password-1');
    expect({ status: again.status, body: again.body }).toEqual({
      status: 400,
      body: {
        success: false,
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      },
    });
  });

  it('gives an admin the same answer for an address another company uses as for one nobody uses', async () => {
    const strip = (response: { status: number; body: AnyBody }) => ({
      status: response.status,
      message: response.body.message,
      fields: Object.keys(response.body.data ?? {}).sort(),
      company: response.body.data?.company_id,
    });
    const [usedByAcme, alsoUsedByAcme] = [`used-${randomUUID()}@example.com`, `used-${randomUUID()}@example.com`];
    for (const address of [usedByAcme, alsoUsedByAcme]) expect((await createUser('acme', address, PASSWORD)).status).toBe(201);
    const taken = await createUser('bolt', usedByAcme.toUpperCase(), PASSWORD);
    expect(strip(taken)).toEqual(strip(await createUser('bolt', `fresh-${randomUUID()}@example.com`, PASSWORD)));
    expect(strip(taken)).toMatchObject({ status: 201, company: Number(company.bolt) });
    // Renaming a Bolt user onto another of Acme's addresses: no conflict either.
    const renamed = await call(suite.platformBase, 'PUT', `/api/users/${taken.body.data.id}`, await bearer('bolt'), {
      name: 'Renamed',
      email: alsoUsedByAcme,
      role_id: Number(await adminRoleOf(company.bolt)),
    });
    expect(renamed).toMatchObject({ status: 200, body: { message: 'User updated successfully.' } });
  });
});

describe('signing in with the shared email', () => {
  beforeAll(async () => {
    await replicated([...Object.values(admin), ...Object.values(account)]);
  });

  it('asks which company when the password opens several accounts, offering only those; the token is the chosen account’s', async () => {
    let offered: string[] = [];
    const token = await signIn(suite, company.acme, email, PASSWORD, {
      choose: 'Crane Roofing',
      offered: (names) => (offered = names),
    });
    // Bolt's account has its own password: not offered, not named.
    expect(offered).toEqual(['Acme Agency', 'Crane Roofing']);
    expect(decodeJwt(token!)).toMatchObject({ sub: account.crane, company_id: company.crane });
    const users = await call(suite.platformBase, 'GET', '/api/users', token);
    expect(users.status).toBe(200);
    expect(users.body.data.map((user: AnyBody) => String(user.id))).toEqual([account.crane]);
  });

  it('signs straight in to the one account a password opens, and refuses a wrong one', async () => {
    const token = await signIn(suite, company.acme, email.toLowerCase(), BOLT_PASSWORD);
    expect(decodeJwt(token!)).toMatchObject({ sub: account.bolt, company_id: company.bolt });
    await expect(signIn(suite, company.acme, email, 'not-the-password')).resolves.toBeNull();
  });

  it('keeps login-as and deletion per account: Acme’s admin reaches Acme’s account only', async () => {
    const loginAs = await call(suite.platformBase, 'POST', `/api/users/${account.acme}/login-as`, await bearer('acme'));
    expect(loginAs.status).toBe(200);
    expect(decodeJwt(loginAs.body.data.token)).toMatchObject({
      sub: account.acme,
      company_id: company.acme,
      act: { sub: admin.acme },
    });
    // Bolt's account of the same email is not Acme's to reach.
    expect((await call(suite.platformBase, 'POST', `/api/users/${account.bolt}/login-as`, await bearer('acme'))).status).toBe(
      404,
    );

    // Deleting Crane's account leaves Acme's: the agency password now opens one account and signs straight in.
    const deleted = await call(
      suite.platformBase,
      'DELETE',
      `/api/users/${account.crane}?company_id=${company.crane}`,
      await bearer('acme'),
    );
    expect(deleted.status).toBe(200);
    await eventually(
      () => authDb().query('SELECT deleted_at FROM auth.login_users WHERE id = $1', [account.crane]),
      (rows: Array<{ deleted_at: Date | null }>) => rows[0]?.deleted_at != null,
      { timeoutMs: 30_000, what: 'the deletion to reach auth' },
    );
    const token = await signIn(suite, company.acme, email, PASSWORD);
    expect(decodeJwt(token!)).toMatchObject({ sub: account.acme, company_id: company.acme });
  });
});
