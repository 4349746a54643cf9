import { DataSource } from 'typeorm';
import { APPS } from '@suite/contracts';
import { consumerGroupId, Outbox } from '@suite/eventing';
import { eventually, parseBrokerList, waitForConsumerGroup } from '@suite/testing';
import {
  deliveredMessageEvent,
  startReceiverSuite,
  type TestReceiver,
  type WebhookDispatchTestApp,
  type TestActor,
} from '../testing';
import { startDispatcherProcess, type DispatcherProcess } from '../testing/dispatcher-process';

/**
 * Two replicas as two pods run them — the compiled app in two child processes, one database, one
 * consumer group over six partitions — with events flowing (10 a second, each a delivery); one
 * replica is SIGKILLed (no LeaveGroup: the group learns of it only when its session times out).
 * The survivor keeps delivering: the events committed after the kill reach the receiver before the
 * dead member's session of kafkajs's default would even have expired (decision 0039: the session
 * timeout is 10 s with a 1 s heartbeat, so its partitions move to the survivor within about 11 s;
 * with the default 30 s they waited half a minute and more — p99 33–38 s measured). The bound is
 * that failover contract with room for a loaded CI machine, not a speed figure: the delays
 * themselves (p99 11.5–14.3 s measured) are bench:webhooks' "replica killed" run and
 * docs/deployment.md's. Every event arrives; repeats (attempts the killed replica had in flight,
 * sent again after their lease) are allowed and counted.
 */
const RATE_PER_SECOND = 10;
const RUN_MS = 30_000;
const KILL_AT_MS = 8_000;
const P99_BOUND_MS = 25_000;

let receiver: TestReceiver;
let suite: WebhookDispatchTestApp;
let admin: TestActor;
let writer: DataSource;
const replicas: DispatcherProcess[] = [];

beforeAll(async () => {
  ({ receiver, suite, admin } = await startReceiverSuite('replica_killed', {
    WEBHOOKS_TIMEOUT_MS: '2000',
    WEBHOOKS_RETRY_DELAYS: '1s,1s,1s,1s',
    // Six partitions, as in production: each replica consumes some.
    KAFKA_TOPIC_PARTITIONS: '6',
  }));
  writer = new DataSource({ type: 'postgres', url: suite.env['DATABASE_URL'], extra: { max: 2 } });
  await writer.initialize();
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(replicas.map((replica) => replica.stop()));
  await writer?.destroy();
  await suite?.stop();
  await receiver?.stop();
}, 60_000);

it('keeps delivering when one of two replicas is killed: events committed after the kill arrive before a 30 s session would expire', async () => {
  const webhook = await suite.createWebhook(admin, `${receiver.base()}/replicas`);
  expect(webhook.id).toBeTruthy();
  // The in-process instance goes away (its database stays): the two children are the pods.
  await suite.close();
  replicas.push(await startDispatcherProcess(suite.env), await startDispatcherProcess(suite.env));
  const brokers = parseBrokerList(process.env.KAFKA_BROKERS ?? '');
  await waitForConsumerGroup(brokers, consumerGroupId(suite.env['KAFKA_TOPIC_PREFIX']!, APPS['webhook-dispatch'].name), {
    members: 2,
    timeoutMs: 90_000,
  });
  // Kill the one not leading the outbox relay: the events here come through the app's own outbox,
  // in production from the other apps' — what is under test is the consumer group and the workers.
  const leads = await Promise.all(replicas.map(async (replica) => (await replica.readiness())?.body.includes('"leader":true')));
  const victim = replicas[leads[0] ? 1 : 0]!;

  const outbox = new Outbox(APPS['webhook-dispatch'].schema, { appended: () => undefined }, { notifyDebounceMs: 10 });
  const committedAt = new Map<string, number>();
  const started = Date.now();
  let killedAt = Number.POSITIVE_INFINITY;
  for (let tick = 0; Date.now() - started < RUN_MS; tick++) {
    if (killedAt === Number.POSITIVE_INFINITY && Date.now() - started >= KILL_AT_MS) {
      await victim.kill();
      killedAt = Date.now();
    }
    const event = deliveredMessageEvent(admin.companyId, String(200_000 + tick), `Hello ${tick}`);
    await writer.transaction((manager) => outbox.append(manager, event));
    committedAt.set(event.envelope.id, Date.now());
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + ((tick + 1) * 1000) / RATE_PER_SECOND - Date.now())),
    );
  }

  const firstAt = await eventually(
    async () => {
      const first = new Map<string, number>();
      for (const hit of receiver.hitsOf('/replicas')) {
        const id = hit.headers['webhook-id'] as string;
        if (!first.has(id)) first.set(id, hit.at);
      }
      return first;
    },
    (first) => [...committedAt.keys()].every((id) => first.has(id)),
    { timeoutMs: 120_000, intervalMs: 500, what: 'every event at the receiver' },
  );
  const after = [...committedAt]
    .filter(([, at]) => at >= killedAt)
    .map(([id, at]) => firstAt.get(id)! - at)
    .sort((a, b) => a - b);
  const p99 = after[Math.ceil(0.99 * after.length) - 1]!;
  const repeats = receiver.hitsOf('/replicas').length - firstAt.size;
  console.log(
    `replica killed: ${after.length} events committed after the kill, delay p50 ${after[Math.ceil(0.5 * after.length) - 1]} ms, ` +
      `p99 ${p99} ms, max ${after[after.length - 1]} ms; ${repeats} repeats`,
  );
  expect(after.length).toBeGreaterThan(100);
  expect({ p99BelowBound: p99 < P99_BOUND_MS, p99 }).toEqual({ p99BelowBound: true, p99 });
}, 300_000);
