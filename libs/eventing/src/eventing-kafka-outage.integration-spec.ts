import { Topics } from '@suite/contracts';
import { createTestDatabase, eventually, KafkaBroker, type TestDatabase, uniqueTopicPrefix } from '@suite/testing';
import { createServer } from 'node:net';
import type { DataSource } from 'typeorm';
import { newEvent } from './envelope/new-event';
import { EventingRuntime, type EventingRuntimeOptions } from './eventing-runtime';
import {
  counterOf,
  CountingHandler,
  createAppDataSource,
  inboxRows,
  startRuntimePair,
  testKafkaOptions,
  testLogger,
  uniqueSchema,
} from './testing/eventing-test-fixture';

/**
 * Kafka goes away while the producer keeps committing. This file runs its own broker so
 * stopping it does not disturb the other files sharing the global one.
 */
let db: TestDatabase;
let broker: KafkaBroker;
const schemas = { producer: uniqueSchema('producer'), consumer: uniqueSchema('consumer') };
let producerDs: DataSource;
let consumerDs: DataSource;
let producer: EventingRuntime;
let consumer: EventingRuntime;

function settings(appName: string, schema: string, prefix: string): Omit<EventingRuntimeOptions, 'dataSource' | 'handlers'> {
  return {
    appName,
    schema,
    kafka: testKafkaOptions(broker.brokers, prefix),
    pollIntervalMs: 500,
    relay: { maxBackoffMs: 1000 },
    shutdownFlushTimeoutMs: 1000,
    logger: testLogger(appName),
  };
}

beforeAll(async () => {
  [db, broker] = await Promise.all([createTestDatabase('eventing_outage'), KafkaBroker.start()]);
  const prefix = uniqueTopicPrefix('eventing-outage');
  ({ producerDs, consumerDs, producer, consumer } = await startRuntimePair(db.url, schemas, (appName, schema) =>
    settings(appName, schema, prefix),
  ));
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([consumer?.stop(), producer?.stop()]);
  await Promise.allSettled([consumerDs?.destroy(), producerDs?.destroy()]);
  await Promise.allSettled([db?.drop(), broker?.destroy()]);
}, 60_000);

it('(c) commits while Kafka is down, then delivers every event once, per subject in commit order', async () => {
  const subjects = ['c-1', 'c-2', 'c-3', 'c-4', 'c-5'];
  await broker.stop();

  const started = Date.now();
  const committed: Array<{ id: string; subject: string }> = [];
  for (let i = 0; i < 50; i++) {
    const subject = subjects[i % subjects.length]!;
    const event = newEvent('company.created', {
      companyId: null,
      subject,
      data: { id: '1', name: `${subject} #${i}`, parent_company_id: null },
    });
    await producerDs.transaction((manager) => producer.outbox.append(manager, event));
    committed.push({ id: event.envelope.id, subject });
  }
  // Writers never wait for Kafka: 50 transactions in well under the relay's first send timeout.
  expect(Date.now() - started).toBeLessThan(5000);
  await eventually(async () => expect(producer.relay.status().lastError).not.toBeNull(), { timeoutMs: 20_000 });
  // Ready all the same (decision 0039): the outbox accepts without Kafka; the outage is reported.
  await eventually(
    async () =>
      expect(await producer.health.check()).toMatchObject({ up: true, degraded: true, details: { transport: { up: false } } }),
    { timeoutMs: 20_000 },
  );

  await broker.restart();

  const inbox = await eventually(
    async () => {
      const rows = await inboxRows(consumerDs, schemas.consumer);
      expect(rows).toHaveLength(50);
      return rows;
    },
    { timeoutMs: 60_000 },
  );
  expect(new Set(inbox.map((r) => r.event_id))).toEqual(new Set(committed.map((c) => c.id)));
  for (const subject of subjects) {
    const appliedOrder = inbox.filter((r) => r.subject === subject).map((r) => r.event_id);
    const commitOrder = committed.filter((c) => c.subject === subject).map((c) => c.id);
    expect(appliedOrder).toEqual(commitOrder);
    expect(await counterOf(consumerDs, schemas.consumer, subject)).toBe(10);
  }
  expect(Topics.platformCompany).toBe('platform.company.v1');
});

it('starts and stops promptly when Kafka never answers, keeping the outbox rows', async () => {
  const deadPort = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const schema = uniqueSchema('isolated');
  const dataSource = await createAppDataSource(db.url, schema);
  const runtime = new EventingRuntime({
    ...settings('isolated', schema, uniqueTopicPrefix('eventing-dead')),
    kafka: { brokers: [`127.0.0.1:${deadPort}`] },
    dataSource,
    handlers: [new CountingHandler(schema)],
  });

  const started = Date.now();
  await runtime.start();
  const event = newEvent('company.created', {
    companyId: null,
    subject: 'dead-1',
    data: { id: '1', name: 'x', parent_company_id: null },
  });
  try {
    await dataSource.transaction((manager) => runtime.outbox.append(manager, event));
    await runtime.stop();

    expect(Date.now() - started).toBeLessThan(15_000);
    const [row] = await dataSource.query(`SELECT published_at FROM "${schema}".outbox WHERE id = $1`, [event.envelope.id]);
    expect(row.published_at).toBeNull();
  } finally {
    await dataSource.destroy();
  }
});
