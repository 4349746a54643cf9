import { credentialDigest } from '@suite/contracts';
import { eventually } from '@suite/testing';
import { AuthTestApp, type OAuthErrorBody } from '../testing/auth-test-app';

/**
 * Personal access tokens against the booted auth app on real PostgreSQL and Kafka: the bearer
 * check reads the authz replicas, fed by the platform's user events and by auth's own
 * `credential.issued` / `credential.revoked`, exactly as in every other app.
 */
const PATH = '/oauth/personal-access-tokens';
const ada = { id: '7', companyId: '42', permissions: ['view-users' as const] };
const bob = { id: '8', companyId: '42', permissions: ['view-users' as const] };

interface CreatedToken {
  id: string;
  name: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  token: string;
}
interface TokenList {
  personal_access_tokens: Array<Omit<CreatedToken, 'token'>>;
}

let suite: AuthTestApp;
let adaToken: string;
let bobToken: string;

beforeAll(async () => {
  suite = await AuthTestApp.start('pats');
  await suite.seed([{ id: '42', parentCompanyId: null }], [ada, bob]);
  adaToken = await suite.accessToken(ada);
  bobToken = await suite.accessToken(bob);
});

afterAll(async () => {
  await suite?.stop();
});

async function create(bearer: string, body: Record<string, unknown>): Promise<CreatedToken> {
  const response = await suite.request('POST', PATH, bearer, body);
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedToken;
}

const list = async (bearer: string) => {
  const response = await suite.request('GET', PATH, bearer);
  return { status: response.status, body: (await response.json()) as TokenList };
};

/** Polls until the PAT is accepted as a bearer token (the replica learns it by event). */
const acceptedAsBearer = (token: string) =>
  eventually(
    () => suite.request('GET', PATH, token).then((r) => r.status),
    (status) => status === 200,
    {
      timeoutMs: 30_000,
      what: 'the personal access token to reach the credential replica',
    },
  );

describe('personal access tokens', () => {
  it('creates a token whose value is shown once, stored as a digest and announced by credential.issued', async () => {
    const response = await suite.request('POST', PATH, adaToken, { name: 'CI', scopes: ['*'], expires_at: null });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const created = (await response.json()) as CreatedToken;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'CI',
      scopes: ['*'],
      created_at: expect.any(String),
      expires_at: null,
      last_used_at: null,
      token: expect.stringMatching(/^suite_pat_[0-9A-Za-z]{36}$/),
    });

    const [row] = await suite.db.query(`SELECT * FROM auth.personal_access_tokens WHERE id = $1`, [created.id]);
    expect(row.digest).toBe(credentialDigest(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const events = await suite.outboxFor(created.id);
    expect(events).toEqual([
      {
        type: 'credential.issued',
        data: expect.objectContaining({
          credential_id: created.id,
          kind: 'personal_access_token',
          user_id: '7',
          company_id: '42',
          digest: row.digest,
          scopes: ['*'],
          expires_at: null,
        }),
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(created.token);

    const listed = await list(adaToken);
    expect(listed.status).toBe(200);
    expect(listed.body.personal_access_tokens).toContainEqual({
      id: created.id,
      name: 'CI',
      scopes: ['*'],
      created_at: created.created_at,
      expires_at: null,
      last_used_at: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
    expect(JSON.stringify(listed.body)).not.toContain(row.digest);
  });

  it('works as a bearer token, and once revoked is refused within a second (credential.revoked)', async () => {
    const created = await create(adaToken, { name: 'laptop', scopes: ['*'] });
    await acceptedAsBearer(created.token);
    // A PAT with full access may itself manage the user's tokens.
    const viaPat = await list(created.token);
    expect(viaPat.body.personal_access_tokens.map((t) => t.id)).toContain(created.id);

    const revoked = await suite.request('DELETE', `${PATH}/${created.id}`, adaToken);
    expect(revoked.status).toBe(204);
    const started = Date.now();
    const refused = await eventually(
      () => suite.request('GET', PATH, created.token),
      (r) => r.status === 401,
      {
        timeoutMs: 1_000,
        intervalMs: 25,
        what: 'the revoked token to be refused',
      },
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(((await refused.json()) as OAuthErrorBody).error_description).toBe('The token was revoked.');

    expect((await suite.outboxFor(created.id)).map((e) => e.type)).toEqual(['credential.issued', 'credential.revoked']);
    expect((await list(adaToken)).body.personal_access_tokens.map((t) => t.id)).not.toContain(created.id);
    const again = await suite.request('DELETE', `${PATH}/${created.id}`, adaToken);
    expect(again.status).toBe(404);
  });

  it('refuses a malformed suite_pat_ value and a missing bearer with 401 and the OAuth error body', async () => {
    const created = await create(adaToken, { name: 'typo', scopes: ['*'] });
    const mistyped = created.token.slice(0, -1) + (created.token.endsWith('a') ? 'b' : 'a');
    const response = await suite.request('GET', PATH, mistyped);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'invalid_token',
      error_description: 'The token is malformed.',
      message: 'The token is malformed.',
    });
    expect((await suite.request('GET', PATH, 'suite_pat_nope')).status).toBe(401);
    expect((await suite.request('GET', PATH, null)).status).toBe(401);
  });

  it("never lists or revokes another user's token: their id is a 404", async () => {
    const bobs = await create(bobToken, { name: "bob's", scopes: ['view-users'] });
    expect((await list(adaToken)).body.personal_access_tokens.map((t) => t.id)).not.toContain(bobs.id);
    const response = await suite.request('DELETE', `${PATH}/${bobs.id}`, adaToken);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
    expect((await suite.request('DELETE', `${PATH}/not-a-uuid`, adaToken)).status).toBe(404);
    expect((await list(bobToken)).body.personal_access_tokens.map((t) => t.id)).toContain(bobs.id);
  });

  it('keeps a future expiry and selected scopes; a narrowly scoped token cannot manage tokens (403)', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await create(adaToken, {
      name: 'read only',
      scopes: ['view-users', 'edit-users', 'view-users'],
      expires_at: expiresAt,
    });
    expect(created).toMatchObject({ scopes: ['edit-users', 'view-users'], expires_at: expiresAt });
    await eventually(
      () => suite.request('GET', PATH, created.token).then((r) => r.status),
      (status) => status !== 401,
      {
        timeoutMs: 30_000,
        what: 'the scoped token to reach the credential replica',
      },
    );
    const response = await suite.request('GET', PATH, created.token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'access_denied' });
    const scopedAccessToken = await suite.accessToken(ada, ['view-users']);
    expect((await suite.request('POST', PATH, scopedAccessToken, { name: 'wider', scopes: ['*'] })).status).toBe(403);
  });

  it('validates the body: unknown fields, names, scopes and expiry are 400 invalid_request', async () => {
    const bad = async (body: unknown, field: string) => {
      const response = await suite.request('POST', PATH, adaToken, body);
      expect(response.status).toBe(400);
      const error = (await response.json()) as OAuthErrorBody;
      expect(error).toEqual({
        error: 'invalid_request',
        error_description: expect.stringContaining(field),
        message: error.error_description,
      });
    };
    await bad({ name: 'x', scopes: ['*'], user_id: '8' }, 'user_id');
    await bad({ name: 'x', scopes: ['*'], digest: 'a'.repeat(64) }, 'digest');
    await bad({ name: 'x'.repeat(256), scopes: ['*'] }, 'name');
    await bad({ name: '', scopes: ['*'] }, 'name');
    await bad({ scopes: ['*'] }, 'name');
    await bad({ name: 'x' }, 'scopes');
    await bad({ name: 'x', scopes: [] }, 'scopes');
    await bad({ name: 'x', scopes: ['admin'] }, 'scopes');
    await bad({ name: 'x', scopes: ['*', 'view-users'] }, 'scopes');
    await bad({ name: 'x', scopes: ['*'], expires_at: 'tomorrow' }, 'expires_at');
    await bad({ name: 'x', scopes: ['*'], expires_at: '2001-01-01T00:00:00Z' }, 'expires_at');
    expect(await suite.db.query(`SELECT 1 FROM auth.personal_access_tokens WHERE name = 'x'`)).toEqual([]);
  });
});
