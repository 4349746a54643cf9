import { credentialDigest } from '@suite/contracts';
import { eventually } from '@suite/testing';
import { AuthTestApp, type OAuthErrorBody } from '../testing/auth-test-app';

/**
 * Workspace API keys against the booted auth app on real PostgreSQL and Kafka: permission
 * `manage-api-keys`, company scoping (an agency may act on its children; anything else is 404),
 * digests only, and `credential.issued` / `credential.revoked` reaching the credential replica.
 */
const PATH = '/oauth/api-keys';
const admin = { id: '11', companyId: '42', permissions: ['manage-api-keys' as const] };
const member = { id: '12', companyId: '42', permissions: ['view-users' as const] };
const stranger = { id: '21', companyId: '99', permissions: ['manage-api-keys' as const] };
const agencyAdmin = { id: '31', companyId: '500', permissions: ['manage-api-keys' as const] };

interface ApiKey {
  id: string;
  name: string;
  company_id: string;
  created_at: string;
  last_used_at: string | null;
  api_key?: string;
}

let suite: AuthTestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  suite = await AuthTestApp.start('api_keys');
  await suite.seed(
    [
      { id: '42', parentCompanyId: null },
      { id: '99', parentCompanyId: null },
      { id: '500', parentCompanyId: null },
      { id: '501', parentCompanyId: '500' },
    ],
    [admin, member, stranger, agencyAdmin],
  );
  for (const user of [admin, member, stranger, agencyAdmin]) tokens[user.id] = await suite.accessToken(user);
});

afterAll(async () => {
  await suite?.stop();
});

async function create(bearer: string, body: Record<string, unknown>): Promise<ApiKey & { api_key: string }> {
  const response = await suite.request('POST', PATH, bearer, body);
  expect(response.status).toBe(201);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as ApiKey & { api_key: string };
}

const listed = async (bearer: string, query = '') => {
  const response = await suite.request('GET', `${PATH}${query}`, bearer);
  expect(response.status).toBe(200);
  return ((await response.json()) as { api_keys: ApiKey[] }).api_keys;
};

const replicaRow = (id: string) =>
  suite.db.query(`SELECT kind, user_id, company_id, revoked_at FROM auth.credential_replica WHERE credential_id = $1`, [
    id,
  ]) as Promise<Array<{ kind: string; user_id: string | null; company_id: string; revoked_at: Date | null }>>;

describe('workspace API keys', () => {
  it('creates (value once, digest stored), lists without the value, revokes; every app learns both by event', async () => {
    const key = await create(tokens[admin.id]!, { name: 'Website form' });
    expect(key).toEqual({
      id: expect.any(String),
      name: 'Website form',
      company_id: '42',
      created_at: expect.any(String),
      last_used_at: null,
      api_key: expect.stringMatching(/^suite_key_[0-9A-Za-z]{36}$/),
    });
    const [row] = await suite.db.query(`SELECT digest, created_by_user_id FROM auth.api_keys WHERE id = $1`, [key.id]);
    expect(row).toEqual({ digest: credentialDigest(key.api_key), created_by_user_id: '11' });
    const [issued] = await suite.outboxFor(key.id);
    expect(issued).toEqual({
      type: 'credential.issued',
      data: expect.objectContaining({ kind: 'api_key', user_id: null, company_id: '42', digest: row.digest, scopes: [] }),
    });

    const keys = await listed(tokens[admin.id]!);
    expect(keys).toContainEqual({
      id: key.id,
      name: 'Website form',
      company_id: '42',
      created_at: key.created_at,
      last_used_at: null,
    });
    expect(JSON.stringify(keys)).not.toContain(key.api_key);
    expect(JSON.stringify(keys)).not.toContain(row.digest);

    await eventually(
      () => replicaRow(key.id),
      (rows) => rows.length === 1,
      { what: 'the key to reach the credential replica' },
    );
    expect(await replicaRow(key.id)).toEqual([{ kind: 'api_key', user_id: null, company_id: '42', revoked_at: null }]);
    // An API key is not a bearer token.
    expect((await suite.request('GET', PATH, key.api_key)).status).toBe(401);

    expect((await suite.request('DELETE', `${PATH}/${key.id}`, tokens[admin.id]!)).status).toBe(204);
    await eventually(
      () => replicaRow(key.id),
      (rows) => rows[0]?.revoked_at !== null,
      { timeoutMs: 1_000, intervalMs: 25, what: 'the revocation to reach the replica' },
    );
    expect((await suite.outboxFor(key.id)).map((e) => e.type)).toEqual(['credential.issued', 'credential.revoked']);
    expect((await listed(tokens[admin.id]!)).map((k) => k.id)).not.toContain(key.id);
    expect((await suite.request('DELETE', `${PATH}/${key.id}`, tokens[admin.id]!)).status).toBe(404);
  });

  it('needs manage-api-keys, through both the user and the token scopes (403)', async () => {
    for (const [method, path] of [
      ['POST', PATH],
      ['GET', PATH],
      ['DELETE', `${PATH}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const response = await suite.request(method, path, tokens[member.id]!, method === 'POST' ? { name: 'nope' } : undefined);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: 'access_denied',
        error_description: 'This action needs the manage-api-keys permission.',
        message: expect.any(String),
      });
    }
    const narrow = await suite.accessToken(admin, ['view-users']);
    expect((await suite.request('GET', PATH, narrow)).status).toBe(403);
    expect((await suite.request('GET', PATH, null)).status).toBe(401);
  });

  it("treats another company's keys as unknown (404) but lets an agency manage its child's", async () => {
    const key = await create(tokens[admin.id]!, { name: 'ours' });
    const strangerToken = tokens[stranger.id]!;
    expect((await suite.request('DELETE', `${PATH}/${key.id}`, strangerToken)).status).toBe(404);
    expect((await suite.request('GET', `${PATH}?company_id=42`, strangerToken)).status).toBe(404);
    const foreignCreate = await suite.request('POST', PATH, strangerToken, { name: 'theirs', company_id: '42' });
    expect(foreignCreate.status).toBe(404);
    expect(((await foreignCreate.json()) as OAuthErrorBody).error).toBe('not_found');
    expect((await listed(strangerToken)).map((k) => k.id)).not.toContain(key.id);
    expect((await listed(tokens[admin.id]!)).map((k) => k.id)).toContain(key.id);

    const childKey = await create(tokens[agencyAdmin.id]!, { name: 'child', company_id: '501' });
    expect(childKey.company_id).toBe('501');
    expect((await listed(tokens[agencyAdmin.id]!, '?company_id=501')).map((k) => k.id)).toEqual([childKey.id]);
    expect((await listed(tokens[agencyAdmin.id]!)).map((k) => k.id)).not.toContain(childKey.id);
    // A child company's own admin could not reach the agency; the agency can revoke the child's key.
    expect((await suite.request('DELETE', `${PATH}/${childKey.id}`, tokens[agencyAdmin.id]!)).status).toBe(204);
  });

  it('refuses fields outside the DTO and malformed values with 400 invalid_request', async () => {
    for (const body of [
      { name: 'x', company_id: '42', digest: 'a' },
      { name: 'x', user_id: '1' },
      { name: '' },
      {},
      { name: 'x', company_id: 'abc' },
    ]) {
      const response = await suite.request('POST', PATH, tokens[admin.id]!, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect((await suite.request('GET', `${PATH}?company_id=42&x=1`, tokens[admin.id]!)).status).toBe(400);
  });
});
