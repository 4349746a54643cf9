import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { credentialDigest, generateOpaqueCredential } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { bootMessagingApp, INTERNAL_TOKEN, newPhone } from '@suite/messaging-app/testing';
import { PlatformTestApp, type TestUser } from '@suite/platform-app/testing';
import { createTestDatabase, eventually, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';

/**
 * A number bought in the platform sends messaging's messages: the platform and messaging on one
 * Kafka topic prefix (each on its own PostgreSQL database). Messaging learns the company from the
 * platform's own `company.created`, the number from `phone_number.purchased`; a message sent
 * through POST /v1/messages with the workspace's API key goes out (sandbox carrier) from that
 * number, and a release through DELETE /api/phone-numbers/{id} takes it out of the pool again.
 */
jest.setTimeout(180_000);

let platform: PlatformTestApp;
let messagingDb: TestDatabase;
let messaging: INestApplication;
let admin: TestUser;
let apiKey: string;

const messagingRows = async <T>(sql: string, parameters: unknown[]): Promise<T[]> =>
  messaging.get(DataSource).query(sql, parameters);

beforeAll(async () => {
  const topicPrefix = uniqueTopicPrefix('phone-number-pool');
  platform = await PlatformTestApp.start('phone_number_pool', { topicPrefix });
  messagingDb = await createTestDatabase('phone_number_pool_messaging');
  messaging = await bootMessagingApp(messagingDb.url, topicPrefix);
  const company = await platform.company('Sunrise Dental');
  admin = await platform.actor(company, ['view-phone-numbers', 'edit-phone-numbers']);

  // The workspace's API key, announced as auth announces one (auth is not part of this spec).
  apiKey = generateOpaqueCredential('api_key');
  const credentialId = randomUUID();
  await platform.db.transaction((manager) =>
    platform.app.get(Outbox).append(
      manager,
      newEvent('credential.issued', {
        companyId: company,
        subject: credentialId,
        data: {
          credential_id: credentialId,
          kind: 'api_key',
          company_id: company,
          user_id: null,
          name: 'messaging key',
          digest: credentialDigest(apiKey),
          scopes: [],
          expires_at: null,
          created_at: new Date().toISOString(),
        },
      }),
    ),
  );
  await eventually(
    async () =>
      (
        await messagingRows<{ n: number }>(
          `SELECT (SELECT count(*)::int FROM messaging.company_replica WHERE id = $1)
                + (SELECT count(*)::int FROM messaging.credential_replica WHERE credential_id = $2) AS n`,
          [company, credentialId],
        )
      )[0]!.n,
    (n) => n === 2,
    { timeoutMs: 60_000, what: 'the platform’s company and the API key to reach messaging’s replicas' },
  );
  // Whenever the spec runs, the send window is open and pacing does not hold the message back.
  await request(messaging.getHttpServer())
    .put(`/internal/workspaces/${company}/settings`)
    .set('x-internal-token', INTERNAL_TOKEN)
    .send({ send_window_start: '00:00', send_window_end: '23:59', per_second_rate: 100, warmup_days: 0 })
    .expect(200);
}, 180_000);

afterAll(async () => {
  await messaging?.close();
  await messagingDb?.drop();
  await platform?.stop();
});

const poolStatus = async (number: string): Promise<string | undefined> =>
  (
    await messagingRows<{ status: string; company_id: string }>(
      'SELECT status, company_id::text FROM messaging.sender_numbers WHERE number = $1',
      [number],
    )
  ).find((row) => row.company_id === admin.companyId)?.status;

it('sends from a number bought through the platform, and stops once it is released', async () => {
  const token = await admin.token();
  const found = await platform
    .request('get', '/api/phone-numbers/search-available?provider=Carrier&areaCode=305', token)
    .expect(200);
  const offer = found.body.data.records[0] as { phone_number: string; purchase_token: string };
  const bought = await platform
    .request('post', '/api/phone-numbers/purchase', token)
    .send({ purchase_token: offer.purchase_token })
    .expect(201);
  const number = bought.body.data.phone_number as string;
  expect(number).toBe(offer.phone_number);

  await eventually(
    () => poolStatus(number),
    (status) => status === 'active',
    {
      timeoutMs: 60_000,
      what: 'the purchased number to join messaging’s sender pool',
    },
  );

  const sent = await request(messaging.getHttpServer())
    .post('/v1/messages')
    .set('x-api-key', apiKey)
    .send({ to: newPhone(8), message: 'Your appointment is tomorrow at 9.' })
    .expect(200);
  const message = await eventually(
    async () =>
      (await request(messaging.getHttpServer()).get(`/v1/messages/${sent.body.id}`).set('x-api-key', apiKey).expect(200))
        .body as {
        status: string;
        from_number: string | null;
      },
    (body) => body.from_number !== null && body.status !== 'queued',
    { timeoutMs: 60_000, what: 'the message handed to the sandbox carrier' },
  );
  expect(message.from_number).toBe(number);

  await platform.request('delete', `/api/phone-numbers/${bought.body.data.id}`, token).expect(200);
  await eventually(
    () => poolStatus(number),
    (status) => status === 'removed',
    {
      timeoutMs: 60_000,
      what: 'the released number to leave messaging’s sender pool',
    },
  );
});
