import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { bootMessagingApp, INTERNAL_TOKEN, newPhone } from '@suite/messaging-app/testing';
import { PlatformTestApp, type TestUser } from '@suite/platform-app/testing';
import { createTestDatabase, eventually, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';

/**
 * A workflow texts a new lead, end to end: the platform and messaging on one Kafka topic prefix
 * (each on its own PostgreSQL database). A contact created in the platform's CRM starts the active
 * workflow's run; its send_sms step asks messaging (`workflow_step.sms_requested`), and messaging
 * queues exactly one text for that contact — also when the trigger is delivered again and the
 * platform restarts in between.
 */
jest.setTimeout(180_000);

let platform: PlatformTestApp;
let messagingDb: TestDatabase;
let messaging: INestApplication;
let editor: TestUser;
let company: string;

const messagesTo = async (phone: string): Promise<Array<{ id: string; body: string; sender: string }>> =>
  messaging
    .get(DataSource)
    .query('SELECT id::text, body, sender FROM messaging.messages WHERE company_id = $1 AND contact_phone = $2', [
      company,
      phone,
    ]);

beforeAll(async () => {
  const topicPrefix = uniqueTopicPrefix('workflow-texts');
  platform = await PlatformTestApp.start('workflow_texts', { topicPrefix });
  messagingDb = await createTestDatabase('workflow_texts_messaging');
  messaging = await bootMessagingApp(messagingDb.url, topicPrefix);
  company = await platform.company('Sunrise Dental');
  editor = await platform.actor(company, ['view-workflows', 'edit-workflows']);
  await eventually(
    async () =>
      (
        await messaging.get(DataSource).query('SELECT count(*)::int AS n FROM messaging.company_replica WHERE id = $1', [company])
      )[0].n as number,
    (n) => n === 1,
    { timeoutMs: 60_000, what: 'the company to reach messaging' },
  );
  await request(messaging.getHttpServer())
    .post(`/internal/workspaces/${company}/sender-numbers`)
    .set('x-internal-token', INTERNAL_TOKEN)
    .send({ number: '+14155550142' })
    .expect(201);
}, 180_000);

afterAll(async () => {
  await messaging?.close();
  await messagingDb?.drop();
  await platform?.stop();
});

it('queues one text in messaging for a new contact, through a redelivered trigger and a platform restart', async () => {
  const token = await editor.token();
  const created = await platform
    .request('post', '/api/Workflow/create', token)
    .send({
      name: 'Welcome',
      trigger_config: {
        triggers: [{ id: 'lead', type: 'contact_created', config: {} }],
        actions: [
          { id: 'hello', type: 'send_sms', config: { message: 'Hi {{contact.first_name}}, welcome to Sunrise Dental!' } },
        ],
        edges: [{ from: 'lead', to: 'hello' }],
      },
    })
    .expect(201);
  await platform.request('put', `/api/Workflow/status/${created.body.data.id}`, token).send({ status: 'active' }).expect(200);

  const phone = newPhone(4);
  const contact = await platform.contact(company, { firstName: 'Grace', phone });
  const [text] = await eventually(
    () => messagesTo(phone),
    (rows) => rows.length === 1,
    { timeoutMs: 60_000, what: 'the workflow’s text to be queued in messaging' },
  );
  expect(text).toMatchObject({ body: 'Hi Grace, welcome to Sunrise Dental!', sender: 'system' });

  // The trigger again (the same envelope through Kafka), and a restart of the platform.
  await platform.db.query(
    `INSERT INTO platform.outbox (id, topic, type, subject, envelope)
     SELECT id, topic, type, subject, envelope FROM platform.outbox WHERE type = 'crm_contact.created' AND subject = $1`,
    [contact.id],
  );
  await platform.restart();
  // A second contact after the restart proves the pipeline ran past the repeated trigger.
  const later = newPhone(4);
  await platform.contact(company, { firstName: 'Ada', phone: later });
  await eventually(
    () => messagesTo(later),
    (rows) => rows.length === 1,
    { timeoutMs: 60_000, what: 'the second contact’s text' },
  );
  expect(await messagesTo(phone)).toEqual([text]);
  const runs = await platform.db.query('SELECT count(*)::int AS n FROM platform.workflow_runs WHERE contact_id = $1', [
    contact.id,
  ]);
  expect(runs[0].n).toBe(1);
});
