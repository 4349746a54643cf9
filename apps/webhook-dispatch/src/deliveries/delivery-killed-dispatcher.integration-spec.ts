import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { eventually, findFreePort } from '@suite/testing';
import { answerNever, answerOk, TestReceiver, WebhookDispatchTestApp, type TestActor } from '../testing';

/**
 * A dispatcher killed (SIGKILL) while its POST is in flight, as a pod evicted or OOM-killed: the
 * compiled app (`dist/apps/webhook-dispatch/src/main.js`, built by the integration global setup)
 * runs as a child process and makes the first attempt; the receiver holds that request open; the
 * child is killed once the request arrived. Its job's lease (2 × (WEBHOOKS_TIMEOUT_MS + 5 s) = 14 s)
 * then runs out and an in-process replica claims the job and sends the attempt again, with the
 * same `webhook-id` and the same body — the receiver's deduplication key.
 *
 * At most one repeat: the killed attempt was never recorded (a run records its attempt only in the
 * transaction that settles the job), so the delivery still counts 0 attempts and the repeat is
 * attempt 1 again; a request whose answer a dispatcher did not live to record is the one case in
 * which a receiver sees an event twice (delivery is at least once, docs/webhooks.md).
 */
const MAIN = path.resolve(__dirname, '../../../../dist/apps/webhook-dispatch/src/main.js');
const LEASE_MS = 2 * (2_000 + 5_000);

let receiver: TestReceiver;
let suite: WebhookDispatchTestApp;
let replica: WebhookDispatchTestApp | undefined;
let child: ChildProcess | undefined;
let childOutput = '';
let admin: TestActor;

beforeAll(async () => {
  receiver = await TestReceiver.start();
  suite = await WebhookDispatchTestApp.start('killed', {
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    WEBHOOKS_RETRY_DELAYS: '1s,1s,1s,1s',
    WEBHOOKS_TIMEOUT_MS: '2000',
  });
  [admin] = await suite.company([['manage-webhooks']]);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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

  const port = await findFreePort();
  const started = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...suite.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    started.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  started.stdout!.on('data', (chunk: Buffer) => (childOutput += chunk.toString('utf8')));
  started.stderr!.on('data', (chunk: Buffer) => (childOutput += chunk.toString('utf8')));
  const base = `http://127.0.0.1:${port}`;
  await eventually(
    () =>
      fetch(`${base}/health/ready`).then(
        (response) => response.status,
        () => 0,
      ),
    (status) => status === 200,
    { timeoutMs: 60_000, what: `the child dispatcher ready (${childOutput.slice(-500)})` },
  );

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
    { timeoutMs: 30_000, what: `the child's request to arrive (${childOutput.slice(-500)})` },
  );
  started.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  // The killed attempt left nothing: the delivery is pending with no attempt recorded.
  expect(await deliveriesWithoutApp(webhook.id)).toEqual([
    expect.objectContaining({ id: delivery.id, status: 'pending', attempts: 0 }),
  ]);

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
  expect(deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
  expect(row).toEqual({ status: 'active', hits: 1 });
  const attempts = (await replica.db.query(
    'SELECT number, status_code, error FROM webhooks.webhook_attempts WHERE delivery_id = $1',
    [delivery.id],
  )) as Array<{ number: number; status_code: number; error: string | null }>;
  expect(attempts).toEqual([{ number: 1, status_code: 200, error: null }]);
  // The job is settled: nothing is left to claim, so no third request can come.
  const [jobs] = (await replica.db.query(
    `SELECT count(*)::int AS n FROM webhooks.jobs WHERE payload->>'deliveryId' = $1 AND status <> 'failed'`,
    [delivery.id],
  )) as Array<{ n: number }>;
  expect(jobs!.n).toBe(0);

  // The killed child stays in the consumer group until its session times out (30 s); the replica
  // joins after that. Closing it before would leave kafkajs's join running after the test.
  await replica.eventsConsumerJoined();
}, 120_000);

/** A delivery's rows while no instance is running: through a pool of its own. */
async function deliveriesWithoutApp(webhookId: string) {
  const source = new DataSource({ type: 'postgres', url: suite.env['DATABASE_URL'] });
  await source.initialize();
  try {
    return (await source.query('SELECT id, status, attempts FROM webhooks.webhook_deliveries WHERE webhook_id = $1', [
      webhookId,
    ])) as Array<{ id: string; status: string; attempts: number }>;
  } finally {
    await source.destroy();
  }
}
