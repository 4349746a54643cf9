import { eventually } from '@suite/testing';
import { answerOk, startReceiverSuite, type TestReceiver, type WebhookDispatchTestApp, type TestActor } from '../testing';
import { AttemptsRetention } from './attempts-retention';

/**
 * The circuit breaker and the retention purge on real PostgreSQL and Kafka. An endpoint that
 * answers 500 to five attempts in a row (five deliveries, one request at a time) gets no sixth:
 * its circuit opens for the schedule's first delay (4 s here), the waiting deliveries move to the
 * reopening; once it answers again, the first attempt through closes the circuit and everything is
 * delivered — failed attempts and held-back deliveries alike, no attempt spent while it was open.
 * The purge deletes attempts past WEBHOOKS_RETENTION_DAYS and final deliveries left without any,
 * never a pending one.
 */
let receiver: TestReceiver;
let suite: WebhookDispatchTestApp;
let admin: TestActor;

beforeAll(async () => {
  ({ receiver, suite, admin } = await startReceiverSuite('circuit', {
    WEBHOOKS_RETRY_DELAYS: '4s,4s,4s,4s',
    WEBHOOKS_TIMEOUT_MS: '2000',
    WEBHOOKS_ENDPOINT_CONCURRENCY: '1',
    WEBHOOKS_RETENTION_DAYS: '30',
  }));
}, 120_000);

afterAll(async () => {
  await suite?.stop();
  await receiver?.stop();
});

const createWebhook = (path: string) => suite.createWebhook(admin, `${receiver.base()}${path}`);

const circuitOf = async (webhookId: string) =>
  (
    (await suite.db.query('SELECT consecutive_failures, circuit_open_until, hits FROM webhooks.webhooks WHERE id = $1', [
      webhookId,
    ])) as Array<{ consecutive_failures: number; circuit_open_until: Date | null; hits: number }>
  )[0]!;

it('opens the circuit after five failures in a row, holds the rest back, and closes it on the next success', async () => {
  const EVENTS = 8;
  receiver.answer('/down', (_request, res) => res.writeHead(500).end('down'));
  const webhook = await createWebhook('/down');
  await suite.publishMessageDelivered(admin.companyId, EVENTS);
  await eventually(
    async () => receiver.hitsOf('/down').length,
    (hits) => hits >= 5,
    { timeoutMs: 60_000, what: 'five failed attempts' },
  );
  // The fifth answer is settled just after it reached the receiver.
  const opened = await eventually(
    () => circuitOf(webhook.id),
    (circuit) => circuit.consecutive_failures === 5,
    { timeoutMs: 10_000, what: 'the fifth failure to be settled' },
  );
  expect(opened.circuit_open_until).not.toBeNull();
  // A second later there is still no sixth request: the circuit holds the other deliveries back.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(receiver.hitsOf('/down')).toHaveLength(5);
  const waiting = (await suite.db.query(
    `SELECT next_attempt_at FROM webhooks.webhook_deliveries WHERE webhook_id = $1 AND attempts = 0 AND status = 'pending'`,
    [webhook.id],
  )) as Array<{ next_attempt_at: Date }>;
  expect(waiting).toHaveLength(EVENTS - 5);
  for (const row of waiting) expect(row.next_attempt_at.getTime()).toBe(opened.circuit_open_until!.getTime());

  receiver.answer('/down', answerOk);
  await eventually(
    async () => (await suite.rowsOf(webhook.id)).deliveries,
    (deliveries) => deliveries.length === EVENTS && deliveries.every((delivery) => delivery.status === 'delivered'),
    { timeoutMs: 60_000, what: 'every delivery to go through once the endpoint is back' },
  );
  // 5 failures, then one success per delivery; held-back runs spent no attempt.
  expect(receiver.hitsOf('/down')).toHaveLength(5 + EVENTS);
  expect(await circuitOf(webhook.id)).toEqual({ consecutive_failures: 0, circuit_open_until: null, hits: 5 + EVENTS });
}, 120_000);

it('purges attempts past the retention and final deliveries left without attempts, never a pending delivery', async () => {
  const webhook = await createWebhook('/kept');
  const [oldEvent, freshEvent] = await suite.publishMessageDelivered(admin.companyId, 2);
  await eventually(
    async () => (await suite.rowsOf(webhook.id)).deliveries,
    (deliveries) => deliveries.length === 2 && deliveries.every((delivery) => delivery.status === 'delivered'),
    { timeoutMs: 60_000, what: 'both deliveries' },
  );
  const { deliveries } = await suite.rowsOf(webhook.id);
  const old = deliveries.find((delivery) => delivery.event_id === oldEvent)!;
  const fresh = deliveries.find((delivery) => delivery.event_id === freshEvent)!;
  await suite.db.query(`UPDATE webhooks.webhook_deliveries SET created_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
  await suite.db.query(`UPDATE webhooks.webhook_attempts SET at = now() - interval '31 days' WHERE delivery_id = $1`, [old.id]);
  // A pending delivery as old, without attempts (its endpoint down for a month, say): kept.
  await suite.db.query(
    `INSERT INTO webhooks.webhook_deliveries (id, company_id, webhook_id, event, event_id, data, occurred_at, status, attempts, created_at)
     SELECT gen_random_uuid(), company_id, webhook_id, event, gen_random_uuid(), data, occurred_at, 'pending', 0, now() - interval '40 days'
       FROM webhooks.webhook_deliveries WHERE id = $1`,
    [fresh.id],
  );

  expect(await suite.app.get(AttemptsRetention).purge()).toEqual({ attempts: 1, deliveries: 1 });

  const left = (await suite.rowsOf(webhook.id)).deliveries;
  expect(left.map((delivery) => delivery.id)).not.toContain(old.id);
  expect(left.map((delivery) => [delivery.status, delivery.attempts]).sort()).toEqual([
    ['delivered', 1],
    ['pending', 0],
  ]);
  const attempts = (await suite.db.query(
    'SELECT a.delivery_id FROM webhooks.webhook_attempts a JOIN webhooks.webhook_deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = $1',
    [webhook.id],
  )) as Array<{ delivery_id: string }>;
  expect(attempts).toEqual([{ delivery_id: fresh.id }]);
  // Nothing more to purge.
  expect(await suite.app.get(AttemptsRetention).purge()).toEqual({ attempts: 0, deliveries: 0 });
}, 90_000);
