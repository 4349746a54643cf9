import { AuthTestApp, type OAuthErrorBody } from '../testing/auth-test-app';

/** The public OAuth client API (bearer + manage-oauth-clients, company-scoped) against the booted auth app. */
const PATH = '/oauth/clients';
const REDIRECT_URI = 'https://crm.example.com/callback';
const owner = { id: '41', companyId: '42', permissions: ['manage-oauth-clients' as const] };
const member = { id: '43', companyId: '42', permissions: ['view-users' as const] };
const stranger = { id: '91', companyId: '99', permissions: ['manage-oauth-clients' as const] };

interface Client {
  client_id: string;
  name: string;
  redirect_uri: string;
  confidential: boolean;
  company_id: string;
  created_at: string;
  client_secret?: string;
}

let suite: AuthTestApp;
let ownerToken: string;
let strangerToken: string;

beforeAll(async () => {
  suite = await AuthTestApp.start('oauth_clients');
  await suite.seed(
    [
      { id: '42', parentCompanyId: null },
      { id: '99', parentCompanyId: null },
    ],
    [owner, member, stranger],
  );
  ownerToken = await suite.accessToken(owner);
  strangerToken = await suite.accessToken(stranger);
});

afterAll(async () => {
  await suite?.stop();
});

async function register(body: Record<string, unknown>): Promise<Client> {
  const response = await suite.request('POST', PATH, ownerToken, body);
  expect(response.status).toBe(201);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as Client;
}

const clientIds = async (bearer: string) => {
  const response = await suite.request('GET', PATH, bearer);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { clients: Client[] };
  expect(JSON.stringify(body)).not.toContain('secret');
  return body.clients.map((c) => c.client_id);
};

describe('public OAuth client API', () => {
  it("registers clients in the caller's company (secret once for confidential ones), lists, rotates and deletes", async () => {
    const confidential = await register({ name: 'Acme CRM', redirect_uri: REDIRECT_URI, confidential: true });
    expect(confidential).toEqual({
      client_id: expect.stringMatching(/^suite_client_/),
      name: 'Acme CRM',
      redirect_uri: REDIRECT_URI,
      confidential: true,
      company_id: '42',
      created_at: expect.any(String),
      client_secret: expect.stringMatching(/^suite_cs_/),
    });
    const publicClient = await register({ name: 'SPA', redirect_uri: 'http://127.0.0.1:9/cb', confidential: false });
    expect(publicClient.client_secret).toBeUndefined();
    expect(await clientIds(ownerToken)).toEqual(expect.arrayContaining([confidential.client_id, publicClient.client_id]));

    const rotated = await suite.request('POST', `${PATH}/${confidential.client_id}/secret`, ownerToken);
    expect(rotated.status).toBe(200);
    const withNewSecret = (await rotated.json()) as Client;
    expect(withNewSecret.client_secret).toMatch(/^suite_cs_/);
    expect(withNewSecret.client_secret).not.toBe(confidential.client_secret);
    const noSecret = await suite.request('POST', `${PATH}/${publicClient.client_id}/secret`, ownerToken);
    expect(noSecret.status).toBe(400);

    expect((await suite.request('DELETE', `${PATH}/${publicClient.client_id}`, ownerToken)).status).toBe(204);
    expect(await clientIds(ownerToken)).not.toContain(publicClient.client_id);
    expect((await suite.request('DELETE', `${PATH}/${publicClient.client_id}`, ownerToken)).status).toBe(404);
  });

  it("treats another company's clients as unknown (404) and needs manage-oauth-clients (403)", async () => {
    const client = await register({ name: 'Ours', redirect_uri: REDIRECT_URI, confidential: true });
    expect(await clientIds(strangerToken)).not.toContain(client.client_id);
    expect((await suite.request('POST', `${PATH}/${client.client_id}/secret`, strangerToken)).status).toBe(404);
    expect((await suite.request('DELETE', `${PATH}/${client.client_id}`, strangerToken)).status).toBe(404);
    expect((await suite.request('GET', `${PATH}?company_id=42`, strangerToken)).status).toBe(404);
    expect(
      (
        await suite.request('POST', PATH, strangerToken, {
          name: 'x',
          redirect_uri: REDIRECT_URI,
          confidential: false,
          company_id: '42',
        })
      ).status,
    ).toBe(404);
    expect(await clientIds(ownerToken)).toContain(client.client_id);

    const memberToken = await suite.accessToken(member);
    const forbidden = await suite.request('GET', PATH, memberToken);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as OAuthErrorBody).error).toBe('access_denied');
    expect((await suite.request('GET', PATH, null)).status).toBe(401);
  });

  it('refuses fields outside the DTO (400 invalid_request) and a bad redirect URI (400 invalid_redirect_uri)', async () => {
    const extra = await suite.request('POST', PATH, ownerToken, {
      name: 'x',
      redirect_uri: REDIRECT_URI,
      confidential: true,
      secret_digest: 'a'.repeat(64),
    });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringContaining('secret_digest'),
      message: expect.any(String),
    });
    const fragment = await suite.request('POST', PATH, ownerToken, {
      name: 'x',
      redirect_uri: `${REDIRECT_URI}#frag`,
      confidential: true,
    });
    expect(fragment.status).toBe(400);
    expect(((await fragment.json()) as OAuthErrorBody).error).toBe('invalid_redirect_uri');
    const notBoolean = await suite.request('POST', PATH, ownerToken, {
      name: 'x',
      redirect_uri: REDIRECT_URI,
      confidential: 'yes',
    });
    expect(notBoolean.status).toBe(400);
  });
});
