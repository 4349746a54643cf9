import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { credentialUsed, OpaqueCredentialVerifier } from '@suite/authz';
import { newEvent, Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { call, operatorCreated, startAuthAndPlatform, type AuthAndPlatform } from './support/auth-and-platform';

/**
 * "Last used" of personal access tokens and API keys across apps, on real PostgreSQL and Kafka:
 * the platform (or auth itself) accepts a credential against its own replica, libs/authz writes
 * `credential.used` to that app's outbox (at most once a minute per credential), the relay
 * publishes it on `authz.credential_usage.v1`, and auth's handler moves `last_used_at` forward —
 * never back, whatever order the reports arrive in.
 */
let suite: AuthAndPlatform;
let auth: INestApplication;
let platform: INestApplication;
let authBase = '';
let platformBase = '';

const companyId = '7100';
const userId = '9100000001';
let accessToken = '';

beforeAll(async () => {
  suite = await startAuthAndPlatform('e2e_last_used');
  ({ auth, platform, authBase, platformBase } = suite);

  // A company and a user with every permission, reaching both apps' replicas through platform's events.
  await commitThroughPlatform([
    newEvent('company.created', {
      companyId,
      subject: companyId,
      data: { id: companyId, name: 'Last Used Inc', parent_company_id: null },
    }),
    operatorCreated(companyId, userId, 'Ada'),
  ]);
  await eventually(
    async () => {
      const [seen] = await db().query(
        `SELECT (SELECT count(*) FROM auth.user_replica WHERE id = $1) + (SELECT count(*) FROM platform.user_replica WHERE id = $1) AS n`,
        [userId],
      );
      return Number(seen.n);
    },
    (n) => n === 2,
    { timeoutMs: 60_000, what: 'the user to reach auth and platform replicas' },
  );
  accessToken = await suite.mint(userId, companyId);
});

afterAll(async () => {
  await suite?.close();
});

const db = () => auth.get(DataSource);

async function commitThroughPlatform(events: Array<ReturnType<typeof newEvent>>): Promise<void> {
  await platform.get(DataSource).transaction((manager) => platform.get(Outbox).append(manager, events));
}

/** `last_used_at` of one personal access token, as the owner's list shows it. */
async function patLastUsed(id: string): Promise<string | null | undefined> {
  const listed = await call(authBase, 'GET', '/oauth/personal-access-tokens', accessToken);
  expect(listed.status).toBe(200);
  return (listed.body.personal_access_tokens as Array<{ id: string; last_used_at: string | null }>).find((t) => t.id === id)
    ?.last_used_at;
}

async function apiKeyLastUsed(id: string): Promise<string | null | undefined> {
  const listed = await call(authBase, 'GET', '/oauth/api-keys', accessToken);
  expect(listed.status).toBe(200);
  return (listed.body.api_keys as Array<{ id: string; last_used_at: string | null }>).find((k) => k.id === id)?.last_used_at;
}

const usageRows = (schema: 'auth' | 'platform', credentialId: string) =>
  db().query(
    `SELECT envelope->'data' AS data FROM "${schema}".outbox WHERE subject = $1 AND type = 'credential.used' ORDER BY seq`,
    [credentialId],
  ) as Promise<Array<{ data: { app: string; used_at: string; kind: string } }>>;

/** Waits until auth's consumer has handled one event (its inbox holds the id). */
const handledByAuth = (eventId: string) =>
  eventually(
    () => db().query('SELECT 1 FROM auth.inbox WHERE event_id = $1', [eventId]),
    (rows) => rows.length === 1,
    {
      timeoutMs: 30_000,
      what: `auth to handle event ${eventId}`,
    },
  );

describe('last used of personal access tokens and API keys', () => {
  let pat: { id: string; token: string; created_at: string };
  let lastUsed = '';

  it('a personal access token used against the platform shows last_used_at in auth, one report per minute', async () => {
    const created = await call(authBase, 'POST', '/oauth/personal-access-tokens', accessToken, { name: 'CI', scopes: ['*'] });
    expect(created).toMatchObject({ status: 201, body: { last_used_at: null } });
    pat = created.body;

    // Refused until platform's replica learns the token (a refusal is no use); then accepted.
    await eventually(
      () => call(platformBase, 'GET', `/api/users?company_id=${companyId}`, pat.token),
      (r) => r.status === 200,
      {
        timeoutMs: 30_000,
        what: 'the token to reach the platform credential replica',
      },
    );
    const acceptedBy = Date.now();
    for (let i = 0; i < 3; i++) expect((await call(platformBase, 'GET', '/api/users', pat.token)).status).toBe(200);

    lastUsed = (await eventually(
      () => patLastUsed(pat.id),
      (value) => typeof value === 'string',
      {
        timeoutMs: 30_000,
        what: 'last_used_at to reach auth',
      },
    )) as string;
    expect(Date.parse(lastUsed)).toBeGreaterThanOrEqual(Date.parse(pat.created_at));
    expect(Date.parse(lastUsed)).toBeLessThanOrEqual(acceptedBy);

    // Four accepted requests within the minute: one report.
    const reports = await usageRows('platform', pat.id);
    expect(reports).toEqual([
      {
        data: { credential_id: pat.id, kind: 'personal_access_token', company_id: companyId, used_at: lastUsed, app: 'platform' },
      },
    ]);
  });

  it("auth's own check of the token reports the same way", async () => {
    expect(await usageRows('auth', pat.id)).toEqual([]);
    expect((await call(authBase, 'GET', '/oauth/personal-access-tokens', pat.token)).status).toBe(200);
    const [report] = await eventually(
      () => usageRows('auth', pat.id),
      (rows) => rows.length === 1,
      { what: "auth's own report" },
    );
    expect(report!.data).toMatchObject({ app: 'auth', kind: 'personal_access_token' });
    lastUsed = (await eventually(
      () => patLastUsed(pat.id),
      (value) => value === report!.data.used_at,
      {
        timeoutMs: 30_000,
        what: "auth's own use to move last_used_at",
      },
    )) as string;
  });

  it('an older report arriving late does not move last_used_at back; a report from a clock ahead is taken as now', async () => {
    const older = credentialUsed({
      credentialId: pat.id,
      kind: 'personal_access_token',
      companyId,
      usedAt: new Date(Date.parse(lastUsed) - 3_600_000),
      app: 'messaging',
    });
    await commitThroughPlatform([older]);
    await handledByAuth(older.envelope.id);
    expect(await patLastUsed(pat.id)).toBe(lastUsed);

    const ahead = credentialUsed({
      credentialId: pat.id,
      kind: 'personal_access_token',
      companyId,
      usedAt: new Date(Date.now() + 86_400_000),
      app: 'webhook-dispatch',
    });
    await commitThroughPlatform([ahead]);
    await handledByAuth(ahead.envelope.id);
    const moved = await patLastUsed(pat.id);
    expect(Date.parse(moved!)).toBeGreaterThan(Date.parse(lastUsed));
    expect(Date.parse(moved!)).toBeLessThanOrEqual(Date.now());
  });

  it('an API key accepted by an app shows last_used_at in the API key list', async () => {
    const created = await call(authBase, 'POST', '/oauth/api-keys', accessToken, { name: 'Website form' });
    expect(created).toMatchObject({ status: 201, body: { last_used_at: null } });
    const verifier = platform.get(OpaqueCredentialVerifier);
    await eventually(
      () => verifier.verify(created.body.api_key, 'api_key'),
      (principal) => principal.credentialId === created.body.id,
      {
        timeoutMs: 30_000,
        what: 'the key to reach the platform credential replica',
      },
    );
    const lastUsedAt = await eventually(
      () => apiKeyLastUsed(created.body.id),
      (value) => typeof value === 'string',
      {
        timeoutMs: 30_000,
        what: "the key's last_used_at to reach auth",
      },
    );
    const [report] = await usageRows('platform', created.body.id);
    expect(report!.data).toEqual({
      credential_id: created.body.id,
      kind: 'api_key',
      company_id: companyId,
      used_at: lastUsedAt,
      app: 'platform',
    });
  });
});
