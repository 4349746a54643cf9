import { DataSource } from 'typeorm';
import { APPS, generateOpaqueCredential } from '@suite/contracts';
import { consumerGroupId } from '@suite/eventing';
import { ALWAYS_OPEN_SETTINGS, bootMessagingApp, INTERNAL_TOKEN, newPhone, seedWorkspaces } from '@suite/messaging-app/testing';
import {
  createTestDatabase,
  eventually,
  findFreePort,
  GENEROUS_RATE_LIMITS_ENV,
  KafkaBroker,
  uniqueTopicPrefix,
  waitForConsumerGroup,
  type TestDatabase,
} from '@suite/testing';
import {
  startDispatcherProcess,
  TestReceiver,
  WebhookDispatchTestApp,
  type DispatcherProcess,
} from '@suite/webhook-dispatch-app/testing';
import { CompiledProcess } from './support/compiled-process';

/**
 * Issue 33's fault run in small, in CI (decision 0049): the distributed topology as Kubernetes runs
 * it — messaging ×2 and webhook-dispatch ×2 as compiled processes (`dist/…/main.js`), a Kafka broker
 * of the test's own (it is frozen), PostgreSQL, the sandbox carrier, a webhook receiver. 30 messages
 * are sent in three waves: after the first, one replica of each app is SIGKILLed; the second goes
 * while the broker is frozen (SIGSTOP) for FREEZE_MS; the third after the thaw. Then:
 * - every send was accepted (200) and every readiness probe of a live replica answered 200 — no
 *   503 because of Kafka;
 * - every message reaches a final state (the sandbox's receipts are jobs, so the killed replica's
 *   pending receipts are posted by the survivor);
 * - every `message.delivered` / `message.failed` event reaches the receiver as its webhook
 *   (`sms.sent` / `sms.failed`); repeats of a `webhook-id` are allowed and counted;
 * - every `webhook-id` the receiver saw has an attempt in the delivery history.
 * The figures are logged and quoted in docs/deployment.md, "Faults".
 */
const WAVE = 10;
const FREEZE_MS = 15_000;
const SETTLE_TIMEOUT_MS = 90_000;

const MESSAGING_MAIN = 'dist/apps/messaging/src/main.js';
const NUMBER = '+14155550461';
const PATH = '/faults';

let broker: KafkaBroker;
let messagingDb: TestDatabase;
let receiver: TestReceiver;
let dispatch: WebhookDispatchTestApp;
let reader: DataSource;
let dispatchReader: DataSource;
const messaging: Array<{ process: CompiledProcess; base: string }> = [];
const dispatchers: DispatcherProcess[] = [];
let apiKey: string;

async function ready(base: string): Promise<number | null> {
  return fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    () => null,
  );
}

/** A messaging replica as its pod runs it; resolves once its readiness answers 200. */
async function startMessaging(env: NodeJS.ProcessEnv): Promise<{ process: CompiledProcess; base: string }> {
  const port = await findFreePort();
  const started = CompiledProcess.start(MESSAGING_MAIN, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  await eventually(
    () => ready(base),
    (status) => status === 200,
    { timeoutMs: 60_000, what: `a messaging replica ready (${started.stderr.slice(-500)})` },
  );
  return { process: started, base };
}

beforeAll(async () => {
  [broker, messagingDb, receiver] = await Promise.all([
    KafkaBroker.start(),
    createTestDatabase('e2e_distributed_faults'),
    TestReceiver.start(),
  ]);
  const kafkaEnv = {
    KAFKA_BROKERS: broker.brokers.join(','),
    KAFKA_TOPIC_PREFIX: uniqueTopicPrefix('faults'),
    KAFKA_TOPIC_PARTITIONS: '3',
  };
  dispatch = await WebhookDispatchTestApp.start('distributed_faults', {
    ...kafkaEnv,
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: '127.0.0.0/8',
    WEBHOOKS_TIMEOUT_MS: '2000',
    WEBHOOKS_RETRY_DELAYS: '1s,2s,5s,10s',
  });
  const [admin] = await dispatch.company([['manage-webhooks']]);
  await dispatch
    .request('post', '/api/webhooks', await admin!.token())
    .send({ title: 'faults', url: `${receiver.base()}${PATH}`, events: ['sms.sent', 'sms.failed'] })
    .expect(201);

  // The same company in messaging, with an API key and a number, through its own outbox and Kafka (then closed).
  apiKey = generateOpaqueCredential('api_key');
  const messagingEnv = {
    ...kafkaEnv,
    MESSAGING_CARRIER: 'sandbox',
    MESSAGING_SANDBOX_DELIVERY_DELAY_MS: '1000',
    MESSAGING_SCHEDULER_TICK_MS: '50',
    MESSAGING_SCHEDULER_SEND_TIMEOUT_MS: '2000',
    MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS: '5000',
    MESSAGING_SCHEDULER_RETRY_BASE_MS: '100',
    MESSAGING_SCHEDULER_RETRY_MAX_MS: '1000',
  };
  const seeding = await bootMessagingApp(messagingDb.url, kafkaEnv.KAFKA_TOPIC_PREFIX, { env: messagingEnv });
  await seedWorkspaces(seeding, [{ companyId: admin!.companyId, apiKey, numbers: [NUMBER], settings: ALWAYS_OPEN_SETTINGS }]);
  await seeding.close();
  await dispatch.close();

  const processEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...GENEROUS_RATE_LIMITS_ENV,
    ...messagingEnv,
    DATABASE_URL: messagingDb.url,
    INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    LOG_LEVEL: 'warn',
  };
  const [m1, m2, d1, d2] = await Promise.all([
    startMessaging(processEnv),
    startMessaging(processEnv),
    startDispatcherProcess(dispatch.env),
    startDispatcherProcess(dispatch.env),
  ]);
  messaging.push(m1, m2);
  dispatchers.push(d1, d2);
  await waitForConsumerGroup(broker.brokers, consumerGroupId(kafkaEnv.KAFKA_TOPIC_PREFIX, APPS['webhook-dispatch'].name), {
    members: 2,
    timeoutMs: 60_000,
  });
  reader = new DataSource({ type: 'postgres', url: messagingDb.url, extra: { max: 2 } });
  dispatchReader = new DataSource({ type: 'postgres', url: dispatch.env['DATABASE_URL'], extra: { max: 2 } });
  await Promise.all([reader.initialize(), dispatchReader.initialize()]);
}, 180_000);

afterAll(async () => {
  broker?.thaw();
  await Promise.allSettled([
    ...messaging.map(async ({ process }) => {
      process.kill();
      await process.exited;
    }),
    ...dispatchers.map((dispatcher) => dispatcher.kill()),
  ]);
  await reader?.destroy();
  await dispatchReader?.destroy();
  await dispatch?.stop();
  await messagingDb?.drop();
  await receiver?.stop();
  await broker?.stop();
}, 60_000);

it('kill -9 a replica of each app, freeze the broker: every send accepted, every message final, every event received and logged', async () => {
  const started = Date.now();
  const answers: Array<{ status: number; ms: number; frozen: boolean }> = [];
  const ids: string[] = [];
  let frozen = false;
  const send = async (base: string, index: number) => {
    // Every fifth to a number ending in 13: the sandbox's receipt says failed (an sms.failed webhook).
    const to = index % 5 === 4 ? `${newPhone(3).slice(0, -2)}13` : newPhone();
    const at = Date.now();
    const response = await fetch(`${base}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ to, message: `Fault run ${index}` }),
    });
    const body = (await response.json()) as { id?: string };
    answers.push({ status: response.status, ms: Date.now() - at, frozen });
    if (body.id) ids.push(body.id);
  };

  // Wave 1 over both messaging replicas; then one replica of each app is killed, its work in flight: as soon as
  // messages are `sent`, their receipts (1 s later) still pending — the receipts issue 33 saw die with a timer.
  await Promise.all(Array.from({ length: WAVE }, (_, i) => send(messaging[i % 2]!.base, i)));
  const awaitingReceipts = await eventually(
    async () =>
      (
        (await reader.query(`SELECT count(*)::int AS n FROM messaging.messages WHERE id = ANY($1::uuid[]) AND status = 'sent'`, [
          ids,
        ])) as [{ n: number }]
      )[0].n,
    (n) => n > 0,
    { timeoutMs: 10_000, intervalMs: 20, what: 'messages handed over, their receipts pending' },
  );
  await Promise.all([
    (async () => {
      messaging[0]!.process.kill();
      await messaging[0]!.process.exited;
    })(),
    dispatchers[0]!.kill(),
  ]);
  const [survivor, dispatcher] = [messaging[1]!, dispatchers[1]!];

  // Wave 2 while the broker is frozen, the survivors' readiness polled every second.
  broker.freeze();
  frozen = true;
  const probes: Array<number | null> = [];
  const freezeEnds = Date.now() + FREEZE_MS;
  for (let i = 0; Date.now() < freezeEnds; i++) {
    if (i < WAVE) await send(survivor.base, WAVE + i);
    probes.push(await ready(survivor.base), (await dispatcher.readiness())?.status ?? null);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  broker.thaw();
  frozen = false;
  const thawedAt = Date.now();

  // Wave 3 after the thaw.
  await Promise.all(Array.from({ length: WAVE }, (_, i) => send(survivor.base, 2 * WAVE + i)));

  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  expect(ids).toHaveLength(3 * WAVE);
  expect(probes.filter((status) => status !== 200)).toEqual([]);

  const statuses = await eventually(
    async () =>
      (await reader.query(
        `SELECT status, count(*)::int AS n FROM messaging.messages WHERE id = ANY($1::uuid[]) GROUP BY status`,
        [ids],
      )) as Array<{ status: string; n: number }>,
    (rows) => rows.every((row) => ['delivered', 'failed'].includes(row.status)),
    { timeoutMs: SETTLE_TIMEOUT_MS, intervalMs: 500, what: 'every message delivered or failed' },
  );
  const finalAt = Date.now();

  // The events the receiver must get: each message's verdict, as messaging's outbox holds it.
  const events = (await reader.query(
    `SELECT id FROM messaging.outbox WHERE subject = ANY($1::text[]) AND type IN ('message.delivered', 'message.failed')`,
    [ids],
  )) as Array<{ id: string }>;
  expect(events).toHaveLength(3 * WAVE);
  const seen = await eventually(
    async () => new Set(receiver.hitsOf(PATH).map((hit) => hit.headers['webhook-id'] as string)),
    (got) => events.every(({ id }) => got.has(id)),
    { timeoutMs: SETTLE_TIMEOUT_MS, intervalMs: 500, what: 'every event at the receiver' },
  );
  const allAt = Date.now();
  const repeats = receiver.hitsOf(PATH).length - seen.size;

  // Every request the receiver got is in the attempt log.
  const logged = (await dispatchReader.query(
    `SELECT d.event_id, count(a.id)::int AS attempts FROM webhooks.webhook_deliveries d
       JOIN webhooks.webhook_attempts a ON a.delivery_id = d.id
      WHERE d.event_id = ANY($1::uuid[]) GROUP BY d.event_id`,
    [[...seen]],
  )) as Array<{ event_id: string; attempts: number }>;
  expect(new Set(logged.map((row) => row.event_id))).toEqual(seen);
  for (const webhookId of seen) {
    const hits = receiver.hitsOf(PATH).filter((hit) => hit.headers['webhook-id'] === webhookId).length;
    expect({ webhookId, attempts: logged.find((row) => row.event_id === webhookId)!.attempts >= hits }).toEqual({
      webhookId,
      attempts: true,
    });
  }

  const slowest = Math.max(...answers.map((answer) => answer.ms));
  const duringFreeze = answers.filter((answer) => answer.frozen);
  console.log(
    `distributed faults: ${awaitingReceipts} message(s) awaiting their receipt at the kill; ` +
      `${answers.length} sends, all 200 (${duringFreeze.length} while frozen, slowest ${slowest} ms); ` +
      `${probes.length} readiness probes during the ${FREEZE_MS / 1000} s freeze, all 200; ` +
      `messages ${statuses.map((row) => `${row.n} ${row.status}`).join(', ')}, ` +
      `all final ${((finalAt - thawedAt) / 1000).toFixed(1)} s after the thaw; ` +
      `${events.length} events at the receiver ${((allAt - thawedAt) / 1000).toFixed(1)} s after the thaw, ${repeats} repeat(s); ` +
      `run ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}, 180_000);
