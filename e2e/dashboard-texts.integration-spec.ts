import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { generateOpaqueCredential } from '@suite/contracts';
import { ALWAYS_OPEN_SETTINGS, bootMessagingApp, newPhone, seedWorkspaces } from '@suite/messaging-app/testing';
import { PlatformTestApp, type TestUser } from '@suite/platform-app/testing';
import { createTestDatabase, eventually, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';

/**
 * The dashboard's `sms` figures from real messaging events: texts sent through messaging's API
 * (the sandbox carrier delivers, fails and refuses them by its documented rules) reach the
 * platform's read model over Kafka, and the dashboard counts them — the platform never reads
 * messaging's schema.
 */
jest.setTimeout(180_000);

let platform: PlatformTestApp;
let messagingDb: TestDatabase;
let messaging: INestApplication;
let viewer: TestUser;
let apiKey: string;

beforeAll(async () => {
  const topicPrefix = uniqueTopicPrefix('dashboard-texts');
  platform = await PlatformTestApp.start('dashboard_texts', { topicPrefix });
  messagingDb = await createTestDatabase('dashboard_texts_messaging');
  messaging = await bootMessagingApp(messagingDb.url, topicPrefix);
  const company = await platform.company('Sunrise Dental');
  viewer = await platform.actor(company, ['view-dashboard']);
  apiKey = generateOpaqueCredential('api_key');
  await seedWorkspaces(messaging, [{ companyId: company, apiKey, numbers: ['+14155550142'], settings: ALWAYS_OPEN_SETTINGS }]);
}, 180_000);

afterAll(async () => {
  await messaging?.close();
  await messagingDb?.drop();
  await platform?.stop();
});

const send = (to: string, message: string) =>
  request(messaging.getHttpServer()).post('/v1/messages').set('x-api-key', apiKey).send({ to, message }).expect(200);

it('counts outbound texts handed to a carrier, delivered and failed, from the events messaging published', async () => {
  const sms = async () =>
    (await platform.request('get', '/api/dashboard/business?range=last7', await viewer.token()).expect(200)).body.data.sms;
  expect(await sms()).toEqual({ sent: 0, delivered: 0, failed: 0, delivery_rate: null });

  await send(newPhone(1), 'Your cleaning is booked for Tuesday.');
  await send(newPhone(2), 'See you soon!');
  await send(newPhone(6), 'Reminder: bring your insurance card.');
  await send(newPhone(3), 'This one bounces [sandbox:fail]');
  await send(newPhone(4), 'The carrier refuses this one [sandbox:reject]');
  await send(newPhone(9), 'A landline has no channel: never handed to a carrier');

  const figures = await eventually(sms, (value) => value.delivered === 3 && value.failed === 2, {
    timeoutMs: 60_000,
    what: 'the receipts to reach the dashboard',
  });
  expect(figures).toEqual({ sent: 5, delivered: 3, failed: 2, delivery_rate: 60 });
  const rows = await platform.db.query(
    'SELECT status, count(*)::int AS n FROM platform.sms_messages GROUP BY status ORDER BY status',
  );
  expect(rows).toEqual([
    { status: 'delivered', n: 3 },
    { status: 'failed', n: 2 },
    { status: 'no_channel', n: 1 },
  ]);
});
