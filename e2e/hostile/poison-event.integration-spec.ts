import { randomUUID } from 'node:crypto';
import { APPS, Topics, type AppName } from '@suite/contracts';
import { eventually } from '@suite/testing';
import { signIn, type AnyBody } from '../support/auth-and-platform';
import { launchSuite, type LaunchedSuite } from './support/launched-suite';

/**
 * The attack that stalls every event of an app for every tenant unless the relay sets it aside
 * (decision 0020): an event whose envelope holds a lone surrogate (or a NUL) at the head of the outbox. The APIs refuse such text now
 * (decision 0022), so the poison goes in below them — the row a bug elsewhere could write — at the
 * head of every app's outbox at once. Then, on `npm start`'s launcher over Kafka, what such a
 * poison breaks must work within seconds: a revoked personal access token and API key are refused
 * everywhere, a suspended user's token too, and a new user can sign in. The poison rows end in
 * outbox_dead_letter, counted, and every app stays ready (decision 0020).
 */
/**
 * Behind a poison that was not set aside these never happen (the relay retries its head for ever);
 * set aside, they take well under a second on a quiet machine. The bound only tells the two apart,
 * so it leaves room for a loaded CI runner (it measured 945 ms there with one second allowed).
 */
const WITHIN_MS = 5_000;
const APP_NAMES = Object.keys(APPS) as AppName[];
/** A topic each app publishes on (webhook-dispatch publishes credential usage through libs/authz). */
const TOPIC_OF: Record<AppName, string> = {
  platform: Topics.platformUser,
  auth: Topics.authCredential,
  messaging: Topics.messagingMessage,
  'webhook-dispatch': Topics.authzCredentialUsage,
};

describe('a poison event at the head of every outbox (npm start over Kafka)', () => {
  let suite: LaunchedSuite;
  let admin: Record<string, string>;

  beforeAll(async () => {
    suite = await launchSuite('poison_event');
    admin = { authorization: `Bearer ${suite.credentials.personal_access_token}` };
  });

  afterAll(async () => {
    await suite?.stop();
  });

  const call = async (
    app: AppName,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; body: AnyBody }> => {
    const response = await fetch(`${suite.bases[app]}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  /** Polls until `refused` holds; returns how long that took after `since`. */
  const refusedWithin = async (what: string, since: number, refused: () => Promise<boolean>): Promise<number> => {
    await eventually(refused, (done) => done, { timeoutMs: 10_000, intervalMs: 20, what });
    return Date.now() - since;
  };

  it('does not hold back a revocation, a suspension or a new user behind it, and sets it aside', async () => {
    // What the poison must not stall, prepared and working everywhere first.
    const created = await call('auth', 'POST', '/oauth/personal-access-tokens', admin, { name: 'to revoke', scopes: ['*'] });
    expect(created.status).toBe(201);
    const pat = { authorization: `Bearer ${created.body.token}` };
    const key = await call('auth', 'POST', '/oauth/api-keys', admin, { name: 'to revoke' });
    expect(key.status).toBe(201);
    const apiKey = { 'x-api-key': key.body.api_key as string };
    const viewer = await call('platform', 'POST', '/api/roles', admin, { name: 'Viewer', permissions: ['view-users'] });
    expect(viewer.status).toBe(201);
    const member = await call('platform', 'POST', '/api/users', admin, {
      name: 'Member',
      email: 'member@example.com',
      password: 'member-password',
      role_id: Number(viewer.body.data.id),
    });
    expect(member.status).toBe(201);
    const memberToken = await eventually(
      () => call('platform', 'POST', `/api/users/${member.body.data.id}/login-as`, admin),
      (answer) => answer.status === 200,
      { what: 'a login-as token for the member' },
    );
    const asMember = { authorization: `Bearer ${memberToken.body.data.token}` };
    await eventually(
      async () => [
        (await call('platform', 'GET', '/api/users', pat)).status,
        (await call('auth', 'GET', '/oauth/personal-access-tokens', pat)).status,
        (await call('messaging', 'GET', '/v1/messages/list', apiKey)).status,
        (await call('platform', 'GET', '/api/users', asMember)).status,
      ],
      (statuses) => statuses.every((status) => status === 200),
      { what: 'the new credentials accepted everywhere' },
    );

    // The poison: a lone surrogate and a NUL, escaped as JSON.stringify writes them, at the head of every outbox.
    for (const app of APP_NAMES) {
      const schema = APPS[app].schema;
      for (const poison of ['\\ud800', 'a\\u0000b']) {
        const id = randomUUID();
        const envelope =
          `{"id":"${id}","type":"poison.test","version":1,"occurred_at":"${new Date().toISOString()}",` +
          `"company_id":"${suite.credentials.company_id}",` +
          `"subject":"poison-${app}","data":{"name":"${poison}"},"traceparent":null}`;
        await suite.query(
          `INSERT INTO ${schema}.outbox (id, topic, type, subject, envelope) VALUES ($1, $2, 'poison.test', $3, $4::json)`,
          [id, `${suite.topicPrefix}${TOPIC_OF[app]}`, `poison-${app}`, envelope],
        );
      }
    }

    // Behind it: a revocation, a suspension and a new user, each expected within WITHIN_MS.
    const revokedAt = Date.now();
    expect((await call('auth', 'DELETE', `/oauth/personal-access-tokens/${created.body.id}`, admin)).status).toBeLessThan(300);
    expect((await call('auth', 'DELETE', `/oauth/api-keys/${key.body.id}`, admin)).status).toBeLessThan(300);
    const patRefused = await refusedWithin('the revoked PAT refused by platform and auth', revokedAt, async () => {
      const statuses = [
        (await call('platform', 'GET', '/api/users', pat)).status,
        (await call('auth', 'GET', '/oauth/personal-access-tokens', pat)).status,
      ];
      return statuses.every((status) => status === 401);
    });
    const keyRefused = await refusedWithin(
      'the revoked API key refused by messaging',
      revokedAt,
      async () => (await call('messaging', 'GET', '/v1/messages/list', apiKey)).status === 401,
    );

    const suspendedAt = Date.now();
    const suspended = await call('platform', 'PUT', `/api/users/${member.body.data.id}`, admin, {
      name: 'Member',
      email: 'member@example.com',
      role_id: Number(viewer.body.data.id),
      status: 'Suspended',
    });
    expect(suspended.status).toBe(200);
    const suspensionEnforced = await refusedWithin(
      'the suspended user’s token refused',
      suspendedAt,
      async () => (await call('platform', 'GET', '/api/users', asMember)).status === 401,
    );

    const joinedAt = Date.now();
    const newcomer = await call('platform', 'POST', '/api/users', admin, {
      name: 'Newcomer',
      email: 'newcomer@example.com',
      password: 'newcomer-password',
      role_id: Number(viewer.body.data.id),
    });
    expect(newcomer.status).toBe(201);
    const signedIn = await eventually(
      () =>
        signIn(
          { authBase: suite.bases.auth, internalToken: suite.internalToken },
          suite.credentials.company_id,
          'newcomer@example.com',
          'newcomer-password',
        ),
      (token) => token !== null,
      { timeoutMs: 10_000, intervalMs: 20, what: 'the new user signing in' },
    );
    const newUserSignedIn = Date.now() - joinedAt;
    expect(signedIn).toEqual(expect.any(String));

    const timings = { patRefused, keyRefused, suspensionEnforced, newUserSignedIn };
    console.log(`behind the poison, in ms: ${JSON.stringify(timings)}`);
    // The measured milliseconds are in the failure message when one is late.
    expect(Object.entries(timings).filter(([, ms]) => ms > WITHIN_MS)).toEqual([]);

    // Set aside, not lost: both poison rows of every app, counted; nothing left unpublished; every app ready.
    for (const app of APP_NAMES) {
      const schema = APPS[app].schema;
      const rows = await eventually(
        () =>
          suite.query<{ reason: string }>(`SELECT reason FROM ${schema}.outbox_dead_letter WHERE subject = $1 ORDER BY seq`, [
            `poison-${app}`,
          ]),
        (found) => found.length === 2,
        { what: `${app}'s poison rows set aside` },
      );
      expect({ app, reasons: rows.map((row) => row.reason) }).toEqual({ app, reasons: ['lone_surrogate', 'nul_character'] });
      const [pending] = await suite.query<{ count: string }>(
        `SELECT count(*)::text AS count FROM ${schema}.outbox WHERE published_at IS NULL AND subject = $1`,
        [`poison-${app}`],
      );
      expect({ app, pending: pending!.count }).toEqual({ app, pending: '0' });
      expect({ app, ready: (await fetch(`${suite.bases[app]}/health/ready`)).status }).toEqual({ app, ready: 200 });
    }
    const metrics = await (await fetch(`${suite.bases.platform}/metrics`)).text();
    expect(metrics).toMatch(/eventing_outbox_dead_lettered_total\{[^}]*reason="lone_surrogate"[^}]*\} [1-9]/);
  });
});
