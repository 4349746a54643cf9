import { DataSource } from 'typeorm';
import { eventually } from '@suite/testing';
import {
  answerNever,
  answerOk,
  startReceiverSuite,
  type TestReceiver,
  type WebhookDispatchTestApp,
  type TestActor,
} from '../testing';
import { startDispatcherProcess, type DispatcherProcess } from '../testing/dispatcher-process';
import { ATTEMPT_LOST } from './attempt-log';

/**
 * A dispatcher killed (SIGKILL) while its POST is in flight, as a pod evicted or OOM-killed: the
 * compiled app (`dist/apps/webhook-dispatch/src/main.js`, built by the integration global setup)
 * runs as a child process and makes the first attempt; the receiver holds that request open; the
 * child is killed once the request arrived. Its job's lease (2 × (WEBHOOKS_TIMEOUT_MS + 5 s) = 14 s)
 * then runs out and an in-process replica claims the job and sends the attempt again, with the
 * same `webhook-id` and the same body — the receiver's deduplication key.
 *
 * At most one repeat, and both in the attempt log (decision 0039): the killed attempt was written in
 * flight before its request left, so it is there after the kill; the replica's run marks it `unknown`
 * (the receiver may have got it: here it did) and makes attempt 2, which is delivered. A request whose
 * answer a dispatcher did not live to record is the one case in which a receiver sees an event twice
 * (delivery is at least once, docs/webhooks.md), and the delivery history shows both.
 */
const LEASE_MS = 2 * (2_000 + 5_000);

let receiver: TestReceiver;
let suite: WebhookDispatchTestApp;
let replica: WebhookDispatchTestApp | undefined;
let child: DispatcherProcess | undefined;
let admin: TestActor;

beforeAll(async () => {
  ({ receiver, suite, admin } = await startReceiverSuite('killed', {
    WEBHOOKS_RETRY_DELAYS: '1s,1s,1s,1s',
    WEBHOOKS_TIMEOUT_MS: '2000',
  }));
}, 120_000);

afterAll(async () => {
  await child?.kill();
  await replica?.stop();
  await suite?.stop();
  await receiver?.stop();
});

it('repeats the attempt of a dispatcher killed mid-request once, after the lease, with the same webhook-id', async () => {
  let first = true;
  receiver.answer('/killed', (request, res) => {
    if (!first) return answerOk(request, res);
    first = false;
    answerNever(request, res);
  });
  const webhook = (
    await suite
      .request('post', '/api/webhooks', await admin.token())
      .send({ title: 'killed', url: `${receiver.base()}/killed`, events: ['sms.sent'] })
      .expect(201)
  ).body.data as { id: string };
  // The in-process instance goes away (its database stays): the child is the only dispatcher.
  await suite.close();

  child = await startDispatcherProcess(suite.env);
  const base = child.base;

  // A test delivery, through the child's API: the child enqueues and claims its first attempt.
  const queuedAt = Date.now();
  const response = await fetch(`${base}/api/webhooks/${webhook.id}/test`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await admin.token()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'sms.sent' }),
  });
  expect(response.status).toBe(201);
  const delivery = ((await response.json()) as { data: { id: string; event_id: string } }).data;

  await eventually(
    async () => receiver.hitsOf('/killed').length,
    (n) => n === 1,
    { timeoutMs: 30_000, what: `the child's request to arrive (${child.output().slice(-500)})` },
  );
  await child.kill();
  // The killed attempt is in the log, in flight: its request left, its answer was never recorded.
  expect(await rowsWithoutApp(webhook.id)).toEqual({
    deliveries: [expect.objectContaining({ id: delivery.id, status: 'pending', attempts: 0 })],
    attempts: [{ number: 1, outcome: 'in_flight', status_code: null }],
  });

  replica = await suite.startReplica();
  await eventually(
    async () => (await replica!.rowsOf(webhook.id)).deliveries,
    (deliveries) => deliveries.length === 1 && deliveries[0]!.status === 'delivered',
    { timeoutMs: 60_000, what: 'the replica to deliver after the lease' },
  );
  const hits = receiver.hitsOf('/killed');
  expect(hits).toHaveLength(2);
  const [killed, repeated] = hits;
  expect([killed!.headers['webhook-id'], repeated!.headers['webhook-id']]).toEqual([delivery.event_id, delivery.event_id]);
  expect(repeated!.body).toBe(killed!.body);
  // Not before the child's claim could have expired: the lease counts from a claim made after queuedAt.
  expect(repeated!.at - queuedAt).toBeGreaterThanOrEqual(LEASE_MS);

  const { webhook: row, deliveries } = await replica.rowsOf(webhook.id);
  expect(deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2 })]);
  expect(row).toEqual({ status: 'active', hits: 1 });
  // Every request the receiver got is in the history the customer sees: the killed one, unknown, then the repeat.
  const detail = await replica.request('get', `/api/webhooks/deliveries/${delivery.id}`, await admin.token()).expect(200);
  expect(detail.body.data).toMatchObject({ status: 'delivered', event_id: delivery.event_id });
  expect(detail.body.data.attempts).toEqual([
    expect.objectContaining({ number: 1, outcome: 'unknown', status_code: null, duration_ms: 0, error: ATTEMPT_LOST }),
    expect.objectContaining({ number: 2, outcome: 'delivered', status_code: 200, error: null }),
  ]);
  expect(Date.parse(detail.body.data.attempts[0].at)).toBeLessThanOrEqual(killed!.at);
  // The job is settled: nothing is left to claim, so no third request can come.
  const [jobs] = (await replica.db.query(
    `SELECT count(*)::int AS n FROM webhooks.jobs WHERE payload->>'deliveryId' = $1 AND status <> 'failed'`,
    [delivery.id],
  )) as Array<{ n: number }>;
  expect(jobs!.n).toBe(0);

  // The killed child stays in the consumer group until its session times out (10 s); the replica
  // joins after that. Closing it before would leave kafkajs's join running after the test.
  await replica.eventsConsumerJoined();
}, 120_000);

/** A webhook's deliveries and their attempts while no instance is running: through a pool of its own. */
async function rowsWithoutApp(webhookId: string) {
  const source = new DataSource({ type: 'postgres', url: suite.env['DATABASE_URL'] });
  await source.initialize();
  try {
    const deliveries = (await source.query('SELECT id, status, attempts FROM webhooks.webhook_deliveries WHERE webhook_id = $1', [
      webhookId,
    ])) as Array<{ id: string; status: string; attempts: number }>;
    const attempts = (await source.query(
      'SELECT number, outcome, status_code FROM webhooks.webhook_attempts WHERE delivery_id = ANY($1) ORDER BY number',
      [deliveries.map((d) => d.id)],
    )) as Array<{ number: number; outcome: string; status_code: number | null }>;
    return { deliveries, attempts };
  } finally {
    await source.destroy();
  }
}
