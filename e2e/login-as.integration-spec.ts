import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { DataSource } from 'typeorm';
import { AccessTokenVerifier } from '@suite/authz';
import {
  ACCESS_TOKEN_TOKEN_TYPE,
  IMPERSONATION_TOKEN_TTL_SECONDS,
  LOGIN_AS_CLIENT_ID,
  PERMISSIONS,
  TOKEN_EXCHANGE_GRANT_TYPE,
  USER_ID_TOKEN_TYPE,
  type Permission,
} from '@suite/contracts';
import { Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { call, operatorCreated, startAuthAndPlatform, type AuthAndPlatform } from './support/auth-and-platform';

/**
 * Login-as across the two apps that own it, on real PostgreSQL and Kafka: the platform checks the
 * directory and asks auth over HTTP for an RFC 8693 token exchange; auth verifies the admin's
 * token against its own replicas, issues a 300 s token (`sub` = target, `act.sub` = admin),
 * records a grant and an audit row. Users reach both apps' replicas through platform's events.
 *
 * Seeding goes through the platform's own API: companies by /internal/companies, then one
 * "operator" per company (a `user.created` event for a principal outside the users table) whose
 * token creates the roles and users under test with POST /api/roles and /api/users.
 */
let suite: AuthAndPlatform;
let auth: INestApplication;
let platform: INestApplication;
let authBase = '';
let platformBase = '';
let internalToken = '';
let mint: AuthAndPlatform['mint'];

const company = { A: '', B: '', C: '' };
const operator = { A: '9000000001', B: '9000000002' };
const user = { adminA: '', viewerA: '', limitedA: '', viewerC: '', viewerB: '', suspendedA: '' };

beforeAll(async () => {
  // The test client stands for a gateway on loopback in front of the platform; auth trusts no proxy.
  suite = await startAuthAndPlatform('e2e_login_as', { platformEnv: { TRUSTED_PROXIES: '127.0.0.1' } });
  ({ auth, platform, authBase, platformBase, internalToken, mint } = suite);

  company.A = await createCompany('Agency A');
  company.B = await createCompany('Stranger B');
  company.C = await createCompany('Child C', company.A);
  await publishOperators();
  const ops = { A: await mint(operator.A, company.A), B: await mint(operator.B, company.B) };

  const adminRoleA = await createRole(ops.A, company.A, 'Admin', [...PERMISSIONS]);
  const viewerRoleA = await createRole(ops.A, company.A, 'Viewer', ['view-users']);
  const limitedRoleA = await createRole(ops.A, company.A, 'Limited', ['view-teams']);
  const viewerRoleC = await createRole(ops.A, company.C, 'Viewer', ['view-users']);
  const viewerRoleB = await createRole(ops.B, company.B, 'Viewer', ['view-users']);
  user.adminA = await createUser(ops.A, company.A, adminRoleA);
  user.viewerA = await createUser(ops.A, company.A, viewerRoleA);
  user.limitedA = await createUser(ops.A, company.A, limitedRoleA);
  user.suspendedA = await createUser(ops.A, company.A, viewerRoleA, 'Suspended');
  user.viewerC = await createUser(ops.A, company.C, viewerRoleC);
  user.viewerB = await createUser(ops.B, company.B, viewerRoleB);

  const ids = Object.values(user);
  await eventually(
    async () => {
      const [inAuth] = await db().query('SELECT count(*)::int AS n FROM auth.user_replica WHERE id = ANY($1::bigint[])', [ids]);
      const [inPlatform] = await db().query('SELECT count(*)::int AS n FROM platform.user_replica WHERE id = ANY($1::bigint[])', [
        ids,
      ]);
      return inAuth.n + inPlatform.n;
    },
    (seen) => seen === 2 * ids.length,
    { timeoutMs: 60_000, what: 'the users to reach auth and platform replicas' },
  );
});

afterAll(async () => {
  await suite?.close();
});

const db = () => auth.get(DataSource);

async function createCompany(name: string, parentCompanyId?: string): Promise<string> {
  const response = await fetch(`${platformBase}/internal/companies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': internalToken },
    body: JSON.stringify({ name, ...(parentCompanyId ? { parent_company_id: parentCompanyId } : {}) }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { data?: { id: number | string }; id?: number | string };
  return String(body.data?.id ?? body.id);
}

/** Operators: principals with every permission, known to the replicas only (not rows of platform.users). */
async function publishOperators(): Promise<void> {
  const data = platform.get(DataSource);
  await data.transaction((manager) =>
    platform.get(Outbox).append(
      manager,
      (['A', 'B'] as const).map((key) => operatorCreated(company[key], operator[key], `Operator ${key}`)),
    ),
  );
  await eventually(
    async () => {
      const [seen] = await data.query('SELECT count(*)::int AS n FROM platform.user_replica WHERE id = ANY($1::bigint[])', [
        Object.values(operator),
      ]);
      const [companies] = await data.query(
        'SELECT count(*)::int AS n FROM platform.company_replica WHERE id = ANY($1::bigint[])',
        [Object.values(company)],
      );
      return seen.n + companies.n;
    },
    (seen) => seen === 5,
    { timeoutMs: 60_000, what: 'the operators and companies to reach the platform replicas' },
  );
}

async function createRole(bearer: string, companyId: string, name: string, permissions: Permission[]): Promise<number> {
  const response = await call(platformBase, 'POST', `/api/roles?company_id=${companyId}`, bearer, { name, permissions });
  expect(response).toMatchObject({ status: 201 });
  return response.body.data.id;
}

async function createUser(bearer: string, companyId: string, roleId: number, status = 'Active'): Promise<string> {
  const response = await call(platformBase, 'POST', `/api/users?company_id=${companyId}`, bearer, {
    name: 'Someone',
    email: `u-${randomUUID()}@example.com`,
    password: 'password-1',
    role_id: roleId,
    status,
  });
  expect(response).toMatchObject({ status: 201 });
  return String(response.body.data.id);
}

/** Auth's token endpoint as the platform calls it (internal caller, form-encoded). */
function exchangeAtAuth(
  actorToken: string,
  targetUserId: string,
  headers: Record<string, string> = { 'x-internal-token': internalToken },
) {
  return fetch(`${authBase}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({
      grant_type: TOKEN_EXCHANGE_GRANT_TYPE,
      subject_token: targetUserId,
      subject_token_type: USER_ID_TOKEN_TYPE,
      actor_token: actorToken,
      actor_token_type: ACCESS_TOKEN_TOKEN_TYPE,
    }).toString(),
  });
}

describe('login-as (platform → auth token exchange)', () => {
  let impersonation = '';

  it('gives an admin with view-users a short-lived token for a user of their company', async () => {
    const response = await call(platformBase, 'POST', `/api/users/${user.viewerA}/login-as`, await mint(user.adminA, company.A));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({ data: { user_id: Number(user.viewerA), token: expect.any(String) } });
    impersonation = response.body.data.token;

    expect(decodeProtectedHeader(impersonation)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    const claims = decodeJwt(impersonation);
    expect(claims).toMatchObject({
      iss: authBase,
      aud: 'suite-api',
      sub: user.viewerA,
      act: { sub: user.adminA },
      company_id: company.A,
      client_id: LOGIN_AS_CLIENT_ID,
      scope: '*',
    });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(IMPERSONATION_TOKEN_TTL_SECONDS);
    expect(claims.exp! - claims.iat!).toBe(300);
  });

  it('the token is a bearer token for that user on the platform, naming the admin as actor', async () => {
    const response = await call(platformBase, 'GET', '/api/users', impersonation);
    expect(response.status).toBe(200);
    expect(response.body.data.map((row: { id: number }) => row.id)).toContain(Number(user.viewerA));
    await expect(platform.get(AccessTokenVerifier).verify(impersonation)).resolves.toMatchObject({
      userId: user.viewerA,
      companyId: company.A,
      actorUserId: user.adminA,
    });
  });

  it('the exchange is audited in auth: a grant with its actor and an impersonation_audit row (never the token)', async () => {
    const sid = decodeJwt(impersonation).sid as string;
    const [grant] = await db().query(
      'SELECT client_id, user_id::text, company_id::text, actor_user_id::text, revoked_at FROM auth.grants WHERE id = $1',
      [sid],
    );
    expect(grant).toEqual({
      client_id: LOGIN_AS_CLIENT_ID,
      user_id: user.viewerA,
      company_id: company.A,
      actor_user_id: user.adminA,
      revoked_at: null,
    });
    const rows = await db().query(
      `SELECT actor_user_id::text, actor_company_id::text, target_user_id::text, company_id::text, actor_credential, requested_from_ip,
              extract(epoch FROM expires_at - issued_at)::int AS lifetime
         FROM auth.impersonation_audit WHERE grant_id = $1`,
      [sid],
    );
    expect(rows).toEqual([
      {
        actor_user_id: user.adminA,
        actor_company_id: company.A,
        target_user_id: user.viewerA,
        company_id: company.A,
        actor_credential: 'access_token',
        requested_from_ip: expect.stringMatching(/127\.0\.0\.1$/),
        lifetime: 300,
      },
    ]);
    const all = JSON.stringify(await db().query('SELECT * FROM auth.impersonation_audit'));
    expect(all).not.toContain(impersonation.split('.')[2]);
  });

  it('audits the address the platform saw; auth believes the internal client-ip header, never X-Forwarded-For', async () => {
    const requestedFrom = async (token: string): Promise<string> => {
      const [row] = await db().query('SELECT requested_from_ip FROM auth.impersonation_audit WHERE grant_id = $1', [
        decodeJwt(token).sid,
      ]);
      return row.requested_from_ip;
    };
    const admin = await mint(user.adminA, company.A);
    // Through the platform, behind its trusted proxy: the admin's address reaches the audit.
    const viaPlatform = await fetch(`${platformBase}/api/users/${user.viewerA}/login-as`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(viaPlatform.status).toBe(200);
    await expect(requestedFrom(((await viaPlatform.json()) as { data: { token: string } }).data.token)).resolves.toBe(
      '203.0.113.7',
    );
    // Straight to auth with the internal token: X-Forwarded-For from an untrusted peer is not the source…
    const forwarded = await exchangeAtAuth(admin, user.viewerA, {
      'x-internal-token': internalToken,
      'x-forwarded-for': '198.51.100.9',
    });
    expect(forwarded.status).toBe(200);
    await expect(requestedFrom(((await forwarded.json()) as { access_token: string }).access_token)).resolves.toMatch(
      /127\.0\.0\.1$/,
    );
    // …while the dedicated header is, behind the internal token.
    const named = await exchangeAtAuth(admin, user.viewerA, {
      'x-internal-token': internalToken,
      'x-internal-client-ip': '198.51.100.10',
    });
    expect(named.status).toBe(200);
    await expect(requestedFrom(((await named.json()) as { access_token: string }).access_token)).resolves.toBe('198.51.100.10');
  });

  it('cannot be nested: the platform refuses login-as with a login-as token (403), and so does auth (invalid_grant)', async () => {
    const viaPlatform = await call(platformBase, 'POST', `/api/users/${user.limitedA}/login-as`, impersonation);
    expect(viaPlatform).toMatchObject({ status: 403, body: { success: false, message: expect.stringMatching(/nested/) } });
    const viaAuth = await exchangeAtAuth(impersonation, user.limitedA);
    expect(viaAuth.status).toBe(400);
    await expect(viaAuth.json()).resolves.toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/nested/),
    });
  });

  it('a login-as token cannot create a personal access token at auth (403)', async () => {
    const response = await call(authBase, 'POST', '/oauth/personal-access-tokens', impersonation, {
      name: 'left behind',
      scopes: ['*'],
      expires_at: null,
    });
    expect(response).toMatchObject({ status: 403, body: { error: 'access_denied' } });
  });

  it('needs view-users (403), answers 404 for another company’s user and 422 for oneself; GET works like POST', async () => {
    const limited = await call(platformBase, 'GET', `/api/users/${user.viewerA}/login-as`, await mint(user.limitedA, company.A));
    expect(limited).toMatchObject({ status: 403, body: { success: false } });
    const admin = await mint(user.adminA, company.A);
    await expect(call(platformBase, 'POST', `/api/users/${user.viewerB}/login-as`, admin)).resolves.toMatchObject({
      status: 404,
      body: { success: false },
    });
    await expect(call(platformBase, 'GET', `/api/users/${user.viewerB}/login-as`, admin)).resolves.toMatchObject({ status: 404 });
    await expect(call(platformBase, 'POST', `/api/users/${user.adminA}/login-as`, admin)).resolves.toMatchObject({
      status: 422,
      body: { success: false },
    });
    await expect(call(platformBase, 'POST', `/api/users/${user.suspendedA}/login-as`, admin)).resolves.toMatchObject({
      status: 422,
    });
    // A base64 path id, like the other user routes.
    const byBase64 = await call(
      platformBase,
      'GET',
      `/api/users/${Buffer.from(user.viewerA).toString('base64')}/login-as`,
      admin,
    );
    expect(byBase64).toMatchObject({ status: 200, body: { data: { user_id: Number(user.viewerA) } } });
  });

  it('lets an agency admin act in a child company only when naming it with company_id', async () => {
    const admin = await mint(user.adminA, company.A);
    await expect(call(platformBase, 'POST', `/api/users/${user.viewerC}/login-as`, admin)).resolves.toMatchObject({
      status: 404,
    });
    const response = await call(platformBase, 'POST', `/api/users/${user.viewerC}/login-as?company_id=${company.C}`, admin);
    expect(response.status).toBe(200);
    expect(decodeJwt(response.body.data.token)).toMatchObject({
      sub: user.viewerC,
      company_id: company.C,
      act: { sub: user.adminA },
    });
    await expect(call(platformBase, 'GET', '/api/users', response.body.data.token)).resolves.toMatchObject({ status: 200 });
  });

  it('auth refuses an exchange from a caller without the internal token, and a target outside the actor’s companies', async () => {
    const admin = await mint(user.adminA, company.A);
    const anonymous = await exchangeAtAuth(admin, user.viewerA, {});
    expect(anonymous.status).toBe(401);
    await expect(anonymous.json()).resolves.toMatchObject({ error: 'invalid_client' });
    const wrong = await exchangeAtAuth(admin, user.viewerA, { 'x-internal-token': 'x'.repeat(64) });
    expect(wrong.status).toBe(401);
    const stranger = await exchangeAtAuth(admin, user.viewerB);
    expect(stranger.status).toBe(400);
    await expect(stranger.json()).resolves.toMatchObject({
      error: 'invalid_grant',
      error_description: 'The user does not exist.',
    });
  });
});
