import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { generateOpaqueCredential } from '@suite/contracts';
import { ALWAYS_OPEN_SETTINGS, bootMessagingApp, newPhone, seedWorkspaces } from '@suite/messaging-app/testing';
import type { PlatformTestApp, TestUser } from '@suite/platform-app/testing';
import { createTestDatabase, eventually, type TestDatabase } from '@suite/testing';
import type { TestReceiver, WebhookDispatchTestApp } from '@suite/webhook-dispatch-app/testing';
import { startPlatformWebhooks, type PlatformWebhooks } from './support/platform-webhooks';

/**
 * Erasing a contact everywhere (issue 32 §3, docs/privacy.md), end to end: the platform, messaging
 * and webhook-dispatch on one Kafka topic prefix, each on its own database. A lead with a
 * conversation (a text out, a text in, a STOP), an appointment, a call and webhook deliveries (the
 * receiver echoes every body back, so the attempts' answers hold the person too) is erased; then
 * every table of every app's schema is scanned for the number, the name, the email and the texts'
 * bodies — none is found — the STOP still holds, and the dashboard's figures are the same.
 */
jest.setTimeout(240_000);

const PATH = '/erasure';
const WORKSPACE_NUMBER = '+14155550142';

let harness: PlatformWebhooks;
let platform: PlatformTestApp;
let dispatch: WebhookDispatchTestApp;
let receiver: TestReceiver;
let admin: TestUser;
let messagingDb: TestDatabase;
let messaging: INestApplication;
let apiKey: string;

beforeAll(async () => {
  harness = await startPlatformWebhooks({
    name: 'contact_erasure',
    companyName: 'Erasure Dental',
    permissions: ['edit-contacts', 'edit-appointments', 'view-dashboard', 'erase-contacts'],
    kinds: ['lead.generated', 'appointment.scheduled', 'sms.sent', 'sms.received'],
    path: PATH,
  });
  ({ platform, dispatch, receiver, admin } = harness);
  // A receiver that answers with what it got: the stored answers name the person too.
  receiver.answer(PATH, (hit, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(hit.body));
  messagingDb = await createTestDatabase('contact_erasure_messaging');
  messaging = await bootMessagingApp(messagingDb.url, harness.topicPrefix);
  apiKey = generateOpaqueCredential('api_key');
  await seedWorkspaces(messaging, [
    { companyId: admin.companyId, apiKey, numbers: [WORKSPACE_NUMBER], settings: ALWAYS_OPEN_SETTINGS },
  ]);
}, 240_000);

afterAll(async () => {
  await messaging?.close();
  await messagingDb?.drop();
  await harness?.stop();
});

const messagingApi = () => request(messaging.getHttpServer());
const send = (to: string, message: string) => messagingApi().post('/v1/messages').set('x-api-key', apiKey).send({ to, message });
const inbound = (from: string, body: string) =>
  messagingApi().post('/v1/sandbox/inbound').set('x-api-key', apiKey).send({ from, to: WORKSPACE_NUMBER, body }).expect(200);

/** The rows of every table of `schema` that mention one of `values` (case-insensitive), as `schema.table: value (n)`. */
async function mentionsIn(db: DataSource, schema: string, values: readonly string[]): Promise<string[]> {
  const tables = (await db.query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name",
    [schema],
  )) as Array<{ table_name: string }>;
  expect(tables.length).toBeGreaterThan(10);
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    for (const value of values) {
      const [{ n }] = (await db.query(
        `SELECT count(*)::int AS n FROM "${schema}"."${table}" t WHERE strpos(lower(t::text), lower($1)) > 0`,
        [value],
      )) as [{ n: number }];
      if (n > 0) found.push(`${schema}.${table}: ${value} (${n})`);
    }
  }
  return found;
}

const everywhere = async (values: readonly string[]): Promise<string[]> => [
  ...(await mentionsIn(platform.db, 'platform', values)),
  ...(await mentionsIn(messaging.get(DataSource), 'messaging', values)),
  ...(await mentionsIn(dispatch.db, 'webhooks', values)),
];

const dashboard = async () =>
  (await platform.request('get', '/api/dashboard/business?range=last7', await admin.token()).expect(200)).body.data;

it('erases the person from every table of every app, keeps the STOP and the dashboard figures', async () => {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  const person = {
    phone: newPhone(1),
    first: `Erin${tag}`,
    last: `Rasmus${tag}`,
    email: `erin.${tag}@example.com`,
    outbound: `Your cleaning is booked ${tag}-out`,
    inbound: `Can I bring my dog ${tag}-in`,
  };
  const token = await admin.token();

  // The lead, its appointment and a call with a transcript.
  const created = await platform
    .request('post', '/api/contacts', token)
    .send({ first_name: person.first, last_name: person.last, phone: person.phone, email: person.email, source: 'google' })
    .expect(201);
  const contactId = Buffer.from(created.body.data.id as string, 'base64').toString();
  await platform
    .request('post', '/api/appointments', token)
    .send({
      contact_id: Number(contactId),
      title: `Cleaning for ${person.first} ${person.last}`,
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 90_000_000).toISOString(),
    })
    .expect(201);
  await platform.db.query(
    `INSERT INTO platform.calls (company_id, provider, call_id, direction, caller_number, called_number, contact_id,
                                 recording_url, transcription, summary, started_at, ended_at, status, duration_seconds)
     VALUES ($1, 'sandbox', $2, 'inbound', $3, $4, $5, $6, $7, $7, now(), now(), 'ended', 42)`,
    [
      admin.companyId,
      `call-${tag}`,
      person.phone,
      WORKSPACE_NUMBER,
      contactId,
      `https://recordings.example/${person.first}.mp3`,
      `${person.first}: ${person.inbound}`,
    ],
  );

  // The conversation: a text out (delivered by the sandbox), a text in, a STOP (and its confirmation).
  const out = await send(person.phone, `Hi ${person.first}! ${person.outbound}`).expect(200);
  // Settled first: a STOP while the scheduler hands a text over can deadlock with it (a 500 the carrier retries).
  await eventually(
    async () =>
      (
        (await messaging.get(DataSource).query('SELECT status FROM messaging.messages WHERE id = $1', [out.body.id])) as Array<{
          status: string;
        }>
      )[0]?.status,
    (status) => status === 'delivered',
    { timeoutMs: 60_000, what: 'the text out to be delivered' },
  );
  await inbound(person.phone, person.inbound);
  await inbound(person.phone, 'STOP');
  await send(person.phone, 'Refused: opted out').expect(403);

  // Webhooks delivered (and their echoed answers stored), every text settled in the dashboard's read model.
  await eventually(
    async () => receiver.hitsOf(PATH).map((hit) => (JSON.parse(hit.body) as { event: string }).event),
    (events) =>
      ['lead.generated', 'appointment.scheduled', 'sms.sent', 'sms.received'].every((kind) => events.includes(kind)) &&
      events.filter((kind) => kind === 'sms.received').length >= 2,
    { timeoutMs: 90_000, what: 'the webhooks of the lead, the appointment and the texts' },
  );
  await eventually(
    async () =>
      (
        (await platform.db.query(
          `SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
                  count(*) FILTER (WHERE status NOT IN ('delivered', 'failed', 'cancelled', 'no_channel'))::int AS open
             FROM platform.sms_messages WHERE company_id = $1`,
          [admin.companyId],
        )) as Array<{ delivered: number; open: number }>
      )[0]!,
    (counts) => counts.delivered >= 1 && counts.open === 0,
    { timeoutMs: 60_000, what: 'the texts to settle in the dashboard’s read model' },
  );
  const values = [person.phone, person.first, person.last, person.email, person.outbound, person.inbound];
  expect(await everywhere(values)).not.toEqual([]);
  const before = await dashboard();
  expect(before).toMatchObject({ leads: 1, appointments: 1 });

  // The erasure, and each app's report of its part.
  const accepted = await platform.request('post', `/api/contacts/${contactId}/erase`, token).expect(202);
  expect(accepted.body.data.apps[0]).toMatchObject({ app: 'platform', state: 'erased' });
  const done = await eventually(
    async () => (await platform.request('get', `/api/contacts/${contactId}/erase`, token).expect(200)).body.data,
    (data) => data.completed === true,
    { timeoutMs: 90_000, what: 'messaging and webhook-dispatch to report their part' },
  );
  expect(done.apps.map((app: { app: string; state: string }) => `${app.app}:${app.state}`)).toEqual([
    'platform:erased',
    'messaging:erased',
    'webhook-dispatch:erased',
  ]);

  expect(await everywhere(values)).toEqual([]);
  expect(await dashboard()).toEqual(before);

  // Its webhook deliveries are kept for the history, empty, and never sent again.
  const erasedDeliveries = (await dispatch.db.query(
    "SELECT id FROM webhooks.webhook_deliveries WHERE company_id = $1 AND data = '{}'::jsonb ORDER BY created_at",
    [admin.companyId],
  )) as Array<{ id: string }>;
  expect(erasedDeliveries.length).toBeGreaterThanOrEqual(4);
  const replay = await dispatch.request('post', `/api/webhooks/deliveries/${erasedDeliveries[0]!.id}/replay`, token).expect(409);
  expect(JSON.stringify(replay.body)).toContain('erased contact');

  // The STOP holds: a send is refused, and so it is after the number writes in again (its contact starts opted out).
  const refused = await send(person.phone, 'After the erasure').expect(403);
  expect(refused.body).toEqual({ error: expect.stringMatching(/opted out/) });
  await inbound(person.phone, 'Hello again');
  await send(person.phone, 'After the number wrote in').expect(403);
  const [contact] = (await messaging
    .get(DataSource)
    .query('SELECT opted_out, opted_out_keyword FROM messaging.contacts WHERE company_id = $1 AND phone = $2', [
      admin.companyId,
      person.phone,
    ])) as Array<{ opted_out: boolean; opted_out_keyword: string }>;
  expect(contact).toEqual({ opted_out: true, opted_out_keyword: 'STOP' });
});

it('is driven by the event: messaging down and the platform restarted in the middle, it completes when they are back', async () => {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  const phone = newPhone(2);
  const body = `See you tomorrow ${tag}`;
  const token = await admin.token();
  const created = await platform
    .request('post', '/api/contacts', token)
    .send({ first_name: `Rita${tag}`, last_name: `Start${tag}`, phone })
    .expect(201);
  const contactId = Buffer.from(created.body.data.id as string, 'base64').toString();
  await send(phone, body).expect(200);
  await eventually(
    async () =>
      (await messaging.get(DataSource).query('SELECT count(*)::int AS n FROM messaging.messages WHERE body = $1', [body]))[0].n,
    (n) => n === 1,
    { timeoutMs: 30_000, what: 'the text to be written' },
  );

  await messaging.close();
  await platform.request('post', `/api/contacts/${contactId}/erase`, token).expect(202);
  await platform.restart();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const waiting = (await platform.request('get', `/api/contacts/${contactId}/erase`, await admin.token()).expect(200)).body.data;
  expect(waiting.apps.find((app: { app: string }) => app.app === 'messaging')).toMatchObject({ state: 'pending' });

  messaging = await bootMessagingApp(messagingDb.url, harness.topicPrefix);
  await eventually(
    async () => (await platform.request('get', `/api/contacts/${contactId}/erase`, await admin.token()).expect(200)).body.data,
    (data) => data.completed === true,
    { timeoutMs: 90_000, what: 'messaging, back, to do and report its part' },
  );
  expect(await everywhere([phone, body, `Rita${tag}`])).toEqual([]);
});
