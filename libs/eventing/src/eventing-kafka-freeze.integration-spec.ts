import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { HEALTH_PATHS } from '@suite/contracts';
import { createTestDatabase, eventually, KafkaBroker, type TestDatabase, uniqueTopicPrefix } from '@suite/testing';
import { register } from 'prom-client';
import type { DataSource } from 'typeorm';
import { newEvent } from './envelope/new-event';
import { EventingRuntime } from './eventing-runtime';
import { Outbox } from './outbox/outbox';
import {
  counterOf,
  CountingHandler,
  createAppDataSource,
  inboxRows,
  testKafkaOptions,
  testLogger,
  uniqueSchema,
} from './testing/eventing-test-fixture';
import { startHealthTestApp, type ProbeAnswer } from './testing/health-test-app';

/**
 * The broker hangs instead of going away (SIGSTOP on its JVM: a GC pause, a frozen VM). Its port
 * still accepts connections, nothing answers: each kafkajs request waits out its 30 s timeout and
 * is retried. Decision 0039: the relay's sends are bounded (10 s), so it counts failures and says
 * since when; readiness answers from memory at once, stays 200 with the broker reported as
 * degraded, and turns 503 on the relay's leader only once the relay has been failing for
 * EVENT_RELAY_UNHEALTHY_AFTER_MS; after the thaw every event arrives once. This file runs a broker
 * of its own: freezing the shared one would stall every other test.
 */
const UNHEALTHY_AFTER_MS = 25_000;

let db: TestDatabase;
let broker: KafkaBroker;
const schemas = { producer: uniqueSchema('frozen_producer'), consumer: uniqueSchema('frozen_consumer') };
let consumerDs: DataSource;
let consumer: EventingRuntime;
let app: INestApplication;
let probe: (path: string) => Promise<ProbeAnswer<ProbeBody>>;

beforeAll(async () => {
  [db, broker] = await Promise.all([createTestDatabase('eventing_freeze'), KafkaBroker.start()]);
  const prefix = uniqueTopicPrefix('eventing-freeze');
  const kafka = testKafkaOptions(broker.brokers, prefix);
  // Test-only table set-up; the apps get their tables from migrations.
  await (await createAppDataSource(db.url, schemas.producer)).destroy();
  consumerDs = await createAppDataSource(db.url, schemas.consumer);
  consumer = new EventingRuntime({
    appName: 'frozen-consumer',
    schema: schemas.consumer,
    kafka,
    dataSource: consumerDs,
    handlers: [new CountingHandler(schemas.consumer)],
    logger: testLogger('frozen-consumer'),
  });
  ({ app, probe } = await startHealthTestApp(db.url, {
    appName: 'frozen-producer',
    schema: schemas.producer,
    kafka,
    relayUnhealthyAfterMs: UNHEALTHY_AFTER_MS,
    relay: { maxBackoffMs: 1000 },
    shutdownFlushTimeoutMs: 1000,
    logger: testLogger('frozen-producer'),
  }));
  await consumer.start();
  await Promise.all([consumer.ready(), app.get(EventingRuntime).ready()]);
}, 180_000);

afterAll(async () => {
  broker?.thaw();
  await Promise.allSettled([app?.close(), consumer?.stop()]);
  await Promise.allSettled([consumerDs?.destroy()]);
  await Promise.allSettled([db?.drop(), broker?.destroy()]);
}, 90_000);

interface ProbeBody {
  degraded: string[];
  details: {
    events?: {
      status: string;
      transport: { up: boolean };
      relay: { up: boolean; consecutiveFailures: number; failingSince: string | null; lastError: string | null };
    };
  };
}

const companyEvent = (subject: string, n: number) =>
  newEvent('company.created', { companyId: null, subject, data: { id: '1', name: `${subject} #${n}`, parent_company_id: null } });

async function commit(events: ReturnType<typeof companyEvent>[]): Promise<void> {
  const dataSource = app.get<DataSource>(getDataSourceToken());
  await dataSource.transaction((manager) => app.get(Outbox).append(manager, events));
}

async function transportUpMetric(): Promise<number | undefined> {
  const metric = await register.getSingleMetric('eventing_transport_up')?.get();
  return metric?.values.find((value) => value.labels.app === 'frozen-producer')?.value;
}

it('a frozen broker: the relay fails within 20 s and says since when, probes answer at once and stay 200 until the threshold', async () => {
  const before = [0, 1, 2].map((n) => companyEvent('before', n));
  await commit(before);
  await eventually(async () => expect(await inboxRows(consumerDs, schemas.consumer)).toHaveLength(3), { timeoutMs: 60_000 });
  await expect(probe(HEALTH_PATHS.ready)).resolves.toMatchObject({ status: 200, body: { degraded: [] } });
  expect(await transportUpMetric()).toBe(1);

  broker.freeze();
  const during = Array.from({ length: 10 }, (_, n) => companyEvent(`during-${n % 3}`, n));
  const stuckFrom = Date.now();
  await commit(during);

  // Every probe answers from memory, well inside Kubernetes' 1 s default probe timeout (a hung
  // describeCluster used to hold readiness for its 3 s bound, and then said 503).
  const answers: Array<{ at: number } & ProbeAnswer<ProbeBody>> = [];
  const failing = await eventually(
    async () => {
      const answer = { at: Date.now(), ...(await probe(HEALTH_PATHS.ready)) };
      answers.push(answer);
      const live = await probe(HEALTH_PATHS.live);
      expect({ live: live.status, liveMs: live.ms < 1000 }).toEqual({ live: 200, liveMs: true });
      expect(answer.body.details.events?.relay.consecutiveFailures).toBeGreaterThan(0);
      expect(answer.body.details.events?.transport.up).toBe(false);
      return answer;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  expect(failing.at - stuckFrom).toBeLessThan(20_000);
  const relay = failing.body.details.events!.relay;
  expect(relay.lastError).toMatch(/kafka send .*timed out after 10000 ms/);
  // Counted from the start of the round whose send hung, not from its timeout.
  expect(Date.parse(relay.failingSince!)).toBeLessThanOrEqual(stuckFrom + 2000);
  expect(failing).toMatchObject({ status: 200, body: { degraded: ['events'], details: { events: { status: 'up' } } } });
  expect(await transportUpMetric()).toBe(0);

  // 503 only once the leader's relay has been failing for longer than the threshold.
  const down = await eventually(
    async () => {
      const answer = { at: Date.now(), ...(await probe(HEALTH_PATHS.ready)) };
      answers.push(answer);
      expect(answer.status).toBe(503);
      return answer;
    },
    { timeoutMs: UNHEALTHY_AFTER_MS + 30_000, intervalMs: 500 },
  );
  const failingSince = Date.parse(down.body.details.events!.relay.failingSince!);
  expect(answers.filter((a) => a.status === 503 && a.at - failingSince <= UNHEALTHY_AFTER_MS)).toEqual([]);
  expect(answers.filter((a) => a.ms >= 1000).map((a) => a.ms)).toEqual([]);
  expect(down.body.details.events).toMatchObject({ status: 'down', relay: { up: false, failingSince: relay.failingSince } });

  broker.thaw();

  // Every event arrives, once (the counter is not idempotent), in commit order per subject.
  const inbox = await eventually(
    async () => {
      const rows = await inboxRows(consumerDs, schemas.consumer);
      expect(rows).toHaveLength(13);
      return rows;
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  );
  const ids = new Set([...before, ...during].map((event) => event.envelope.id));
  expect(new Set(inbox.map((row) => row.event_id))).toEqual(ids);
  for (const subject of ['during-0', 'during-1', 'during-2']) {
    const committed = during.filter((event) => event.envelope.subject === subject).map((event) => event.envelope.id);
    expect(inbox.filter((row) => row.subject === subject).map((row) => row.event_id)).toEqual(committed);
    expect(await counterOf(consumerDs, schemas.consumer, subject)).toBe(committed.length);
  }
  await eventually(async () => expect(await probe(HEALTH_PATHS.ready)).toMatchObject({ status: 200, body: { degraded: [] } }), {
    timeoutMs: 30_000,
    intervalMs: 500,
  });
}, 300_000);
