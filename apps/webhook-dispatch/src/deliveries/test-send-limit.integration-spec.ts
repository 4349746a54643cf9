import { TestReceiver, WebhookDispatchTestApp, type TestActor } from '../testing';

/**
 * `POST /api/webhooks/{id}/test` is limited to 10 test sends per webhook per minute, counted in
 * PostgreSQL: two instances of the app on one database (two pods) share the count, the 11th send
 * is a 429 with Retry-After in the API's error shape, and another webhook keeps its own ten.
 */
let suite: WebhookDispatchTestApp;
let replica: WebhookDispatchTestApp;
let receiver: TestReceiver;
let admin: TestActor;

beforeAll(async () => {
  receiver = await TestReceiver.start();
  suite = await WebhookDispatchTestApp.start('test_send_limit', { WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8' });
  replica = await suite.startReplica();
  [admin] = await suite.company([['manage-webhooks']]);
}, 120_000);
afterAll(async () => {
  await replica?.close();
  await suite?.stop();
  await receiver?.stop();
});

const testSend = async (app: WebhookDispatchTestApp, webhookId: string) =>
  app.request('post', `/api/webhooks/${webhookId}/test`, await admin.token()).send({ event: 'sms.sent' });

it('takes 10 test sends a minute per webhook across replicas; the 11th is a 429 with Retry-After', async () => {
  const webhook = await suite.createWebhook(admin, `${receiver.base()}/limited`);
  const started = Date.now();
  const statuses = [];
  for (let index = 0; index < 10; index++) statuses.push((await testSend(index % 2 === 0 ? suite : replica, webhook.id)).status);
  expect(statuses).toEqual(Array(10).fill(201));

  for (const app of [suite, replica]) {
    const refused = await testSend(app, webhook.id);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: 'At most 10 test sends a minute per webhook; retry after Retry-After seconds.',
      errors: {},
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // The first send leaves the window a minute after it was made.
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((started + 60_000 - Date.now()) / 1000) + 1);
  }
  const [{ n }] = (await suite.db.query(
    'SELECT count(*)::int AS n FROM webhooks.webhook_deliveries WHERE webhook_id = $1 AND test',
    [webhook.id],
  )) as Array<{ n: number }>;
  expect(n).toBe(10);

  const other = await suite.createWebhook(admin, `${receiver.base()}/other`);
  expect((await testSend(replica, other.id)).status).toBe(201);
});

it('counts test sends made at once on both replicas exactly', async () => {
  const webhook = await suite.createWebhook(admin, `${receiver.base()}/burst`);
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, index) => testSend(index % 2 === 0 ? suite : replica, webhook.id)),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array(10).fill(201), ...Array(6).fill(429)]);
});
