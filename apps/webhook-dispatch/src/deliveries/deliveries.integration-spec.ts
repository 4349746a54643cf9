import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { deliveredMessageEvent, WebhookDispatchTestApp, type TestActor } from '../testing';
import { WEBHOOK_SAMPLE_DATA } from './webhook-samples';

/**
 * Deliveries end to end on real PostgreSQL and Kafka: a `message.delivered` published the
 * production way (an outbox, the messaging topic) reaches a receiver on 127.0.0.1 as one signed
 * POST; a receiver answering 500 gets five attempts (WEBHOOKS_RETRY_DELAYS=1s,1s,1s,1s), then the
 * delivery and the webhook are failed; a 410 disables the webhook at once. Then the deliveries API
 * (another company, so no event of the first tests reaches it): test sends, the list and its
 * filters, a delivery with its attempts, replays, tenancy and permissions.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let suite: WebhookDispatchTestApp;
let admin: TestActor;
/** The deliveries API's company: manage-webhooks, and a user without it. */
let owner: TestActor;
let limited: TestActor;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** The status the receiver answers per path (default 200). */
const answers = new Map<string, number>();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.get(req.url ?? '') ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  suite = await WebhookDispatchTestApp.start('deliveries', {
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    WEBHOOKS_RETRY_DELAYS: '1s,1s,1s,1s',
    WEBHOOKS_TIMEOUT_MS: '2000',
  });
  [admin] = await suite.company([['manage-webhooks']]);
  [owner, limited] = await suite.company([['manage-webhooks'], ['view-users']]);
}, 120_000);
afterAll(async () => {
  await suite?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const createWebhook = (path: string, actor: TestActor = admin) => suite.createWebhook(actor, `${base}${path}`);

/** A `message.delivered` of the admin's company, through the outbox onto the messaging topic; its event id. */
const publishDelivered = async (): Promise<string> => {
  const event = deliveredMessageEvent(admin.companyId, '123456', 'Hello');
  await suite.db.transaction((manager) => suite.app.get(Outbox).append(manager, [event]));
  return event.envelope.id;
};

/** The webhook events the app published about a webhook: type and data. */
const webhookEventsOf = async (webhookId: string) =>
  (
    (await suite.db.query(
      `SELECT type, envelope FROM webhooks.outbox WHERE subject = $1 AND type LIKE 'webhook.%' ORDER BY seq`,
      [webhookId],
    )) as Array<{ type: string; envelope: { data: Record<string, unknown> } }>
  ).map(({ type, envelope }) => ({ type, data: envelope.data }));

const hitsOf = (path: string) => received.filter((r) => r.path === path);

const rowsOf = async (webhookId: string) => {
  const [webhook] = (await suite.db.query('SELECT status, hits FROM webhooks.webhooks WHERE id = $1', [webhookId])) as Array<{
    status: string;
    hits: number;
  }>;
  const deliveries = (await suite.db.query('SELECT id, status, attempts FROM webhooks.webhook_deliveries WHERE webhook_id = $1', [
    webhookId,
  ])) as Array<{ id: string; status: string; attempts: number }>;
  return { webhook: webhook!, deliveries };
};

it('delivers a message.delivered as one sms.sent POST that both libraries verify, webhook-id the event id', async () => {
  const webhook = await createWebhook('/ok');
  const eventId = await publishDelivered();
  await eventually(
    async () => (await rowsOf(webhook.id)).deliveries,
    (deliveries) => deliveries.length === 1 && deliveries[0]!.status === 'delivered',
    { timeoutMs: 60_000, what: 'the delivery to succeed' },
  );
  const [hit, ...more] = hitsOf('/ok');
  expect(more).toEqual([]);
  expect(hit!.headers['webhook-id']).toBe(eventId);
  expect(JSON.parse(hit!.body)).toMatchObject({ event: 'sms.sent', webhook_id: webhook.id, data: { body: 'Hello' } });
  expect(await verify(webhook.secret, hit!.body, hit!.headers['x-webhook-signature'] as string)).toBe(true);
  const headers = {
    'webhook-id': hit!.headers['webhook-id'] as string,
    'webhook-timestamp': hit!.headers['webhook-timestamp'] as string,
    'webhook-signature': hit!.headers['webhook-signature'] as string,
  };
  expect(() => new Webhook(webhook.secret).verify(hit!.body, headers)).not.toThrow();
  const { webhook: row } = await rowsOf(webhook.id);
  expect(row).toEqual({ status: 'active', hits: 1 });
}, 90_000);

it('tries a receiver answering 500 five times, then fails the delivery and the webhook', async () => {
  answers.set('/broken', 500);
  const webhook = await createWebhook('/broken');
  const eventId = await publishDelivered();
  await eventually(
    async () => (await rowsOf(webhook.id)).deliveries,
    (deliveries) => deliveries.length === 1 && deliveries[0]!.status === 'failed',
    { timeoutMs: 60_000, what: 'the delivery to fail' },
  );
  const hits = hitsOf('/broken');
  expect(hits).toHaveLength(5);
  expect(new Set(hits.map((hit) => hit.headers['webhook-id']))).toEqual(new Set([eventId]));
  expect(new Set(hits.map((hit) => hit.body)).size).toBe(1);
  const { webhook: row, deliveries } = await rowsOf(webhook.id);
  expect(row).toEqual({ status: 'failed', hits: 5 });
  expect(deliveries[0]!.attempts).toBe(5);
  const attempts = (await suite.db.query(
    'SELECT number, status_code FROM webhooks.webhook_attempts WHERE delivery_id = $1 ORDER BY number',
    [deliveries[0]!.id],
  )) as Array<{ number: number; status_code: number }>;
  expect(attempts).toEqual([1, 2, 3, 4, 5].map((number) => ({ number, status_code: 500 })));
  expect(await webhookEventsOf(webhook.id)).toEqual([
    {
      type: 'webhook.delivery_failed',
      data: expect.objectContaining({ delivery_id: deliveries[0]!.id, event_id: eventId, attempts: 5, last_error: 'HTTP 500' }),
    },
    {
      type: 'webhook.status_changed',
      data: expect.objectContaining({ status: 'failed', previous_status: 'active', reason: 'delivery_failed' }),
    },
  ]);

  // The endpoint recovers: the next delivery succeeds and the webhook is active again.
  answers.set('/broken', 204);
  await publishDelivered();
  await eventually(
    async () => (await rowsOf(webhook.id)).webhook.status,
    (status) => status === 'active',
    { timeoutMs: 60_000, what: 'the webhook to be active again' },
  );
  expect((await webhookEventsOf(webhook.id)).at(-1)).toEqual({
    type: 'webhook.status_changed',
    data: expect.objectContaining({ status: 'active', previous_status: 'failed', reason: 'delivery_succeeded' }),
  });
}, 90_000);

it('disables a webhook whose endpoint answers 410, without retrying', async () => {
  answers.set('/gone', 410);
  const webhook = await createWebhook('/gone');
  await publishDelivered();
  await eventually(
    async () => (await rowsOf(webhook.id)).deliveries,
    (deliveries) => deliveries.length === 1 && deliveries[0]!.status === 'failed',
    { timeoutMs: 60_000, what: 'the delivery to fail' },
  );
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(hitsOf('/gone')).toHaveLength(1);
  expect((await rowsOf(webhook.id)).webhook).toEqual({ status: 'disabled', hits: 1 });
  expect((await webhookEventsOf(webhook.id)).map(({ type, data }) => [type, data['reason'] ?? data['last_error']])).toEqual([
    ['webhook.delivery_failed', 'HTTP 410'],
    ['webhook.status_changed', 'endpoint_gone'],
  ]);

  // A disabled webhook gets no more deliveries: the next event reaches the company's other webhooks only.
  const okBefore = hitsOf('/ok').length;
  await publishDelivered();
  await eventually(
    async () => hitsOf('/ok').length,
    (n) => n > okBefore,
    { timeoutMs: 60_000, what: 'the next event to reach the other webhooks' },
  );
  expect(hitsOf('/gone')).toHaveLength(1);
  expect((await rowsOf(webhook.id)).deliveries).toHaveLength(1);
}, 90_000);

describe('the deliveries API', () => {
  /** `POST /api/webhooks/{id}/test` of a kind: the created delivery. */
  const sendTest = async (webhookId: string, event: string) =>
    (
      await suite
        .request('post', `/api/webhooks/${webhookId}/test`, await owner.token())
        .send({ event })
        .expect(201)
    ).body.data as { id: string; event_id: string; status: string };
  const detail = async (deliveryId: string) =>
    (await suite.request('get', `/api/webhooks/deliveries/${deliveryId}`, await owner.token()).expect(200)).body.data as {
      status: string;
      event_id: string;
      attempts: Array<{ number: number; status_code: number | null; response_body: string; error: string | null }>;
    };
  const settled = (deliveryId: string, status: string, attempts: number) =>
    eventually(
      () => detail(deliveryId),
      (delivery) => delivery.status === status && delivery.attempts.length === attempts,
      { timeoutMs: 60_000, what: `the delivery to be ${status} after ${attempts} attempts` },
    );

  it('sends the fixed sample of a kind through the pipeline, signed, under a fresh event id', async () => {
    const webhook = await createWebhook('/api-test', owner);
    const response = await suite
      .request('post', `/api/webhooks/${webhook.id}/test`, await owner.token())
      .send({ event: 'call.ended' })
      .expect(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Webhook test delivery queued.',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        event: 'call.ended',
        event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'pending',
        attempts: 0,
        next_attempt_at: expect.any(String),
        created_at: expect.any(String),
      },
    });
    const delivery = await settled(response.body.data.id, 'delivered', 1);
    expect(delivery.attempts).toEqual([
      {
        number: 1,
        at: expect.any(String),
        outcome: 'delivered',
        duration_ms: expect.any(Number),
        status_code: 200,
        response_body: 'ok',
        error: null,
      },
    ]);
    const [hit] = hitsOf('/api-test');
    expect(hit!.headers['webhook-id']).toBe(response.body.data.event_id);
    expect(JSON.parse(hit!.body)).toMatchObject({
      event: 'call.ended',
      webhook_id: webhook.id,
      data: WEBHOOK_SAMPLE_DATA['call.ended'],
    });
    expect(await verify(webhook.secret, hit!.body, hit!.headers['x-webhook-signature'] as string)).toBe(true);
    await suite
      .request('post', `/api/webhooks/${webhook.id}/test`, await owner.token())
      .send({ event: 'call.exploded' })
      .expect(400);
    await suite
      .request('post', `/api/webhooks/${webhook.id}/test`, await owner.token())
      .send({})
      .expect(400);
  }, 90_000);

  it('lists a webhook’s deliveries newest first, by page, status and kind; refuses other values (400)', async () => {
    const webhook = await createWebhook('/api-list', owner);
    const first = await sendTest(webhook.id, 'sms.sent');
    const second = await sendTest(webhook.id, 'call.started');
    const third = await sendTest(webhook.id, 'sms.sent');
    await settled(third.id, 'delivered', 1);
    const list = async (query: string) =>
      (await suite.request('get', `/api/webhooks/${webhook.id}/deliveries${query}`, await owner.token()).expect(200)).body
        .data as {
        records: Array<{ id: string; event: string; status: string }>;
        pagination: { total: number; per_page: number };
      };
    const page = await list('?per_page=2&page=1');
    expect(page.pagination).toMatchObject({ total: 3, per_page: 2 });
    expect(page.records.map((row) => row.id)).toEqual([third.id, second.id]);
    expect((await list('?page=2&per_page=2')).records.map((row) => row.id)).toEqual([first.id]);
    expect((await list('?event=sms.sent')).records.map((row) => row.id)).toEqual([third.id, first.id]);
    expect((await list('')).pagination).toMatchObject({ per_page: 15 });
    await settled(first.id, 'delivered', 1);
    await settled(second.id, 'delivered', 1);
    expect((await list('?status=delivered')).pagination.total).toBe(3);
    expect((await list('?status=failed')).records).toEqual([]);
    expect(Object.keys((await list('')).records[0]!).sort()).toEqual(
      ['attempts', 'created_at', 'event', 'event_id', 'id', 'next_attempt_at', 'status'].sort(),
    );
    for (const query of ['?status=done', '?event=call.exploded', '?per_page=101', '?page=0']) {
      await suite.request('get', `/api/webhooks/${webhook.id}/deliveries${query}`, await owner.token()).expect(400);
    }
  }, 90_000);

  it('replays a failed delivery as a new series with the same webhook-id; 409 while pending', async () => {
    answers.set('/api-replay', 500);
    const webhook = await createWebhook('/api-replay', owner);
    const sent = await sendTest(webhook.id, 'sms.failed');
    await settled(sent.id, 'failed', 5);
    const replay = async (status: number) =>
      suite.request('post', `/api/webhooks/deliveries/${sent.id}/replay`, await owner.token()).expect(status);
    const response = await replay(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Webhook delivery replay queued.',
      data: { id: sent.id, event_id: sent.event_id, status: 'pending', attempts: 0 },
    });
    // Its new series is pending (the receiver still answers 500, retried a second apart): no second replay.
    const conflict = await replay(409);
    expect(conflict.body).toMatchObject({ success: false, message: expect.stringContaining('still pending') });
    await settled(sent.id, 'failed', 10);

    answers.set('/api-replay', 200);
    await replay(200);
    const delivery = await settled(sent.id, 'delivered', 11);
    expect(delivery.attempts.map((attempt) => [attempt.number, attempt.status_code])).toEqual([
      ...[1, 2, 3, 4, 5].map((number) => [number, 500]),
      ...[1, 2, 3, 4, 5].map((number) => [number, 500]),
      [1, 200],
    ]);
    const hits = hitsOf('/api-replay');
    expect(hits).toHaveLength(11);
    expect(new Set(hits.map((hit) => hit.headers['webhook-id']))).toEqual(new Set([sent.event_id]));
    expect(new Set(hits.map((hit) => hit.body)).size).toBe(1);
  }, 120_000);

  it('refuses to replay or test for a disabled webhook (409)', async () => {
    answers.set('/api-gone', 410);
    const webhook = await createWebhook('/api-gone', owner);
    const sent = await sendTest(webhook.id, 'sms.sent');
    await settled(sent.id, 'failed', 1);
    const replayed = await suite.request('post', `/api/webhooks/deliveries/${sent.id}/replay`, await owner.token()).expect(409);
    expect(replayed.body).toMatchObject({ success: false, message: expect.stringContaining('disabled') });
    await suite
      .request('post', `/api/webhooks/${webhook.id}/test`, await owner.token())
      .send({ event: 'sms.sent' })
      .expect(409);
  }, 90_000);

  it("answers another company's webhook or delivery and malformed ids 404, and needs manage-webhooks (403)", async () => {
    const webhook = await createWebhook('/api-tenancy', owner);
    const sent = await sendTest(webhook.id, 'sms.sent');
    const calls = (webhookId: string, deliveryId: string) =>
      [
        ['get', `/api/webhooks/${webhookId}/deliveries`],
        ['post', `/api/webhooks/${webhookId}/test`],
        ['get', `/api/webhooks/deliveries/${deliveryId}`],
        ['post', `/api/webhooks/deliveries/${deliveryId}/replay`],
      ] as const;
    for (const [method, path] of calls(webhook.id, sent.id)) {
      expect((await suite.request(method, path, await admin.token()).send({ event: 'sms.sent' })).status).toBe(404);
      expect((await suite.request(method, path, await limited.token()).send({ event: 'sms.sent' })).status).toBe(403);
      expect((await suite.request(method, path, null).send({ event: 'sms.sent' })).status).toBe(401);
    }
    for (const garbage of ['42', 'not-a-uuid', `${webhook.id}x`]) {
      for (const [method, path] of calls(garbage, garbage)) {
        expect((await suite.request(method, path, await owner.token()).send({ event: 'sms.sent' })).status).toBe(404);
      }
    }
    await settled(sent.id, 'delivered', 1);
  }, 90_000);
});
