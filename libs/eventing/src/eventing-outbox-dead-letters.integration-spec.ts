import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { HEALTH_PATHS } from '@suite/contracts';
import {
  createTestDatabase,
  eventually,
  findFreePort,
  parseBrokerList,
  type TestDatabase,
  uniqueTopicPrefix,
} from '@suite/testing';
import { register } from 'prom-client';
import type { DataSource } from 'typeorm';
import { encodeEnvelope } from './envelope/envelope-codec';
import { newEvent, type NewEvent } from './envelope/new-event';
import { EventingRuntime, type EventingRuntimeOptions } from './eventing-runtime';
import { Outbox } from './outbox/outbox';
import { InProcessBus } from './transport/in-process/in-process-bus';
import {
  CountingHandler,
  createAppDataSource,
  inboxRows,
  startRuntimePair,
  testKafkaOptions,
  testLogger,
  uniqueSchema,
} from './testing/eventing-test-fixture';
import { startHealthTestApp, type ProbeAnswer } from './testing/health-test-app';

/**
 * Events that can never be published — a lone UTF-16 surrogate or a NUL in the payload (PostgreSQL
 * refuses to parse either out of a `json` value), a record the broker refuses for good — must not
 * hold up the events committed after them, of the same subject or any other, of any tenant. They
 * are set aside in `outbox_dead_letter` and everything else is published in per-subject order.
 * Real PostgreSQL, and the real broker of the jest global setup for the Kafka runs.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('eventing_outbox_dead_letters');
});

afterAll(async () => {
  await db?.drop();
});

type TransportKind = 'in-process' | 'kafka';

/** Above the broker's default message.max.bytes (1 MiB): Kafka refuses it with MESSAGE_TOO_LARGE. */
const OVERSIZED_NAME = 'x'.repeat(1_100_000);

const companyEvent = (subject: string, tenant: string, name = `${subject} name`): NewEvent =>
  newEvent('company.created', { companyId: tenant, subject, data: { id: '1', name, parent_company_id: null } });

function settings(
  transport: TransportKind,
  appName: string,
  schema: string,
  prefix: string,
  bus: InProcessBus,
): Omit<EventingRuntimeOptions, 'dataSource' | 'handlers'> {
  return {
    appName,
    schema,
    kafka: transport === 'kafka' ? testKafkaOptions(parseBrokerList(process.env.KAFKA_BROKERS), prefix) : null,
    topicPrefix: prefix,
    bus,
    maxAttempts: 3,
    pollIntervalMs: 500,
    consumer: { retryBaseDelayMs: 20, retryMaxDelayMs: 100 },
    relay: { maxBackoffMs: 500 },
    logger: testLogger(appName),
  };
}

async function outboxDeadLetters(dataSource: DataSource, schema: string) {
  return dataSource.query(
    `SELECT id, topic, type, subject, envelope, reason, error FROM "${schema}".outbox_dead_letter ORDER BY seq`,
  ) as Promise<
    Array<{ id: string; topic: string; type: string; subject: string; envelope: string; reason: string; error: string }>
  >;
}

async function unpublishedCount(dataSource: DataSource, schema: string): Promise<number> {
  const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM "${schema}".outbox WHERE published_at IS NULL`);
  return row.n;
}

async function deadLetteredMetric(app: string): Promise<Record<string, number>> {
  const metric = await register.getSingleMetric('eventing_outbox_dead_lettered_total')?.get();
  const values = (metric?.values ?? []).filter((v) => v.labels.app === app);
  return Object.fromEntries(values.map((v) => [String(v.labels.reason), v.value]));
}

describe.each<{ transport: TransportKind }>([{ transport: 'in-process' }, { transport: 'kafka' }])(
  'never-publishable outbox events over the $transport transport',
  ({ transport }) => {
    const label = transport === 'kafka' ? 'kafka' : 'inproc';
    const schemas = { producer: uniqueSchema(`dl_producer_${label}`), consumer: uniqueSchema(`dl_consumer_${label}`) };
    const producerApp = `producer-${label}`;
    const prefix = uniqueTopicPrefix(`eventing-dl-${label}`);
    const bus = new InProcessBus();
    let producerDs: DataSource;
    let consumerDs: DataSource;
    let producer: EventingRuntime;
    let consumer: EventingRuntime;
    const extra: Array<{ runtime: EventingRuntime; dataSource: DataSource }> = [];

    beforeAll(async () => {
      const settingsOf = (appName: string, schema: string) => settings(transport, appName, schema, prefix, bus);
      ({ producerDs, consumerDs, producer, consumer } = await startRuntimePair(db.url, schemas, settingsOf, producerApp));
    });

    afterAll(async () => {
      await Promise.allSettled([...extra.map((e) => e.runtime), producer, consumer].map((runtime) => runtime?.stop()));
      await Promise.allSettled([...extra.map((e) => e.dataSource), producerDs, consumerDs].map((ds) => ds?.destroy()));
    });

    it('sets the poison events aside and publishes every later event, of the same subject and of others, in per-subject order', async () => {
      const commit = (dataSource: DataSource, runtime: EventingRuntime, ...events: NewEvent[]) =>
        dataSource.transaction((manager) => runtime.outbox.append(manager, events));
      const loneSurrogate = companyEvent('alice', 'tenant-a', 'hi \ud800');
      const nul = companyEvent('bob', 'tenant-b', 'nul \u0000 here');
      const oversized = companyEvent('dave', 'tenant-c', OVERSIZED_NAME);
      const ordinary: NewEvent[] = [];
      const ok = (subject: string, tenant: string) => {
        const event = companyEvent(subject, tenant);
        ordinary.push(event);
        return event;
      };

      await commit(producerDs, producer, ok('alice', 'tenant-a'));
      await commit(producerDs, producer, loneSurrogate);
      await commit(producerDs, producer, ok('alice', 'tenant-a'), ok('bob', 'tenant-b'));
      await commit(producerDs, producer, nul);
      await commit(producerDs, producer, ok('carol', 'tenant-c'), ok('bob', 'tenant-b'));
      // The in-process bus has no size limit: an oversized event is only never-publishable on Kafka.
      if (transport === 'kafka') await commit(producerDs, producer, oversized);
      await commit(producerDs, producer, ok('dave', 'tenant-c'), ok('alice', 'tenant-a'), ok('carol', 'tenant-c'));

      const inbox = await eventually(
        async () => {
          const rows = await inboxRows(consumerDs, schemas.consumer);
          expect(rows.map((r) => r.event_id).sort()).toEqual(ordinary.map((e) => e.envelope.id).sort());
          return rows;
        },
        { timeoutMs: 30_000 },
      );
      for (const subject of ['alice', 'bob', 'carol', 'dave']) {
        const applied = inbox.filter((r) => r.subject === subject).map((r) => r.event_id);
        expect({ subject, applied }).toEqual({
          subject,
          applied: ordinary.filter((e) => e.envelope.subject === subject).map((e) => e.envelope.id),
        });
      }

      const poison = transport === 'kafka' ? [loneSurrogate, nul, oversized] : [loneSurrogate, nul];
      const reasons =
        transport === 'kafka' ? ['lone_surrogate', 'nul_character', 'refused_by_transport'] : ['lone_surrogate', 'nul_character'];
      const letters = await outboxDeadLetters(producerDs, schemas.producer);
      expect(letters.map(({ id, topic, type, subject, reason }) => ({ id, topic, type, subject, reason }))).toEqual(
        poison.map((event, i) => ({
          id: event.envelope.id,
          topic: event.topic,
          type: event.envelope.type,
          subject: event.envelope.subject,
          reason: reasons[i],
        })),
      );
      // Kept byte for byte, as evidence and for a replay.
      expect(letters.map((l) => l.envelope)).toEqual(poison.map((event) => encodeEnvelope(event.envelope)));
      if (transport === 'kafka') expect(letters[2]!.error).toMatch(/MESSAGE_TOO_LARGE|larger than the max message size/);
      expect(inbox.some((r) => poison.some((event) => event.envelope.id === r.event_id))).toBe(false);
      expect(await unpublishedCount(producerDs, schemas.producer)).toBe(0);
      await expect(deadLetteredMetric(producerApp)).resolves.toEqual(Object.fromEntries(reasons.map((reason) => [reason, 1])));
      expect(producer.relay.status()).toMatchObject({ leader: true, lastError: null, failingSince: null });
    });

    it('a flush at shutdown sets a poison event aside instead of retrying it until its timeout', async () => {
      const schema = uniqueSchema(`dl_flush_${label}`);
      const dataSource = await createAppDataSource(db.url, schema);
      // Not started: only the flush publishes, as at shutdown after the loop stopped.
      const runtime = new EventingRuntime({
        ...settings(transport, `flush-${label}`, schema, prefix, bus),
        dataSource,
        handlers: [],
      });
      extra.push({ runtime, dataSource });
      await runtime.transport.start();
      await runtime.ready();
      const poison = companyEvent('erin', 'tenant-e', 'hi \udc00 there');
      const after = companyEvent('erin', 'tenant-e');
      await dataSource.transaction((manager) => runtime.outbox.append(manager, [poison, after]));

      const started = Date.now();
      await runtime.relay.flush(10_000);

      expect(Date.now() - started).toBeLessThan(5_000);
      const applied = await eventually(async () => {
        const rows = (await inboxRows(consumerDs, schemas.consumer)).filter((r) => r.subject === 'erin');
        expect(rows).toHaveLength(1);
        return rows;
      });
      expect(applied[0]!.event_id).toBe(after.envelope.id);
      expect((await outboxDeadLetters(dataSource, schema)).map((l) => [l.id, l.reason])).toEqual([
        [poison.envelope.id, 'lone_surrogate'],
      ]);
      expect(await unpublishedCount(dataSource, schema)).toBe(0);
    });
  },
);

describe('a transport that is down', () => {
  it('Kafka unreachable: nothing is set aside, not even an oversized event; the rows wait and readiness reports the failing relay', async () => {
    const schema = uniqueSchema('dl_outage');
    const dataSource = await createAppDataSource(db.url, schema);
    const deadPort = await findFreePort();
    const runtime = new EventingRuntime({
      ...settings('kafka', 'outage', schema, uniqueTopicPrefix('eventing-dl-outage'), new InProcessBus()),
      kafka: { brokers: [`127.0.0.1:${deadPort}`] },
      relay: { maxBackoffMs: 100 },
      relayUnhealthyAfterMs: 300,
      shutdownFlushTimeoutMs: 500,
      dataSource,
      handlers: [],
    });
    try {
      await runtime.start();
      const events = [companyEvent('frank', 'tenant-f', OVERSIZED_NAME), companyEvent('frank', 'tenant-f')];
      await dataSource.transaction((manager) => runtime.outbox.append(manager, events));

      const health = await eventually(
        async () => {
          const result = await runtime.health.check();
          expect(result.details.relay.up).toBe(false);
          return result;
        },
        { timeoutMs: 20_000 },
      );

      expect(health.up).toBe(false);
      expect(health.details.relay).toMatchObject({
        leader: true,
        failingSince: expect.any(String),
        lastError: expect.any(String),
      });
      expect(await outboxDeadLetters(dataSource, schema)).toEqual([]);
      expect(await unpublishedCount(dataSource, schema)).toBe(2);
    } finally {
      await runtime.stop();
      await dataSource.destroy();
    }
  });

  it('in-process consumer offline: the events wait, /health/ready answers 503 naming the relay after the threshold, and 200 once it recovers', async () => {
    const prefix = uniqueTopicPrefix('eventing-dl-ready');
    const schemas = { producer: uniqueSchema('dl_ready_producer'), consumer: uniqueSchema('dl_ready_consumer') };
    // Test-only table set-up; the apps get their tables from migrations.
    await (await createAppDataSource(db.url, schemas.producer)).destroy();
    const consumerDs = await createAppDataSource(db.url, schemas.consumer);
    const consumer = new EventingRuntime({
      ...settings('in-process', 'ready-consumer', schemas.consumer, prefix, InProcessBus.shared()),
      dataSource: consumerDs,
      handlers: [new CountingHandler(schemas.consumer)],
    });

    let app: INestApplication | undefined;
    try {
      await consumer.start();
      let probe: (path: string) => Promise<ProbeAnswer<Record<string, unknown>>>;
      ({ app, probe } = await startHealthTestApp(db.url, {
        appName: 'ready-producer',
        schema: schemas.producer,
        kafka: null,
        topicPrefix: prefix,
        relayUnhealthyAfterMs: 300,
        relay: { maxBackoffMs: 100 },
        logger: testLogger('ready-producer'),
      }));
      const ready = () => probe(HEALTH_PATHS.ready);
      await expect(ready()).resolves.toMatchObject({ status: 200 });

      await consumer.transport.stopConsuming();
      const producerDs = app.get<DataSource>(getDataSourceToken());
      const event = companyEvent('grace', 'tenant-g');
      await producerDs.transaction((manager) => app!.get(Outbox).append(manager, event));

      const down = await eventually(ready, (response) => response.status === 503, { timeoutMs: 20_000, what: 'readiness 503' });
      expect(down.body).toMatchObject({
        status: 'error',
        info: { database: { status: 'up' } },
        error: {
          events: {
            status: 'down',
            transport: { up: true, kind: 'in-process' },
            relay: {
              up: false,
              leader: true,
              failingSince: expect.any(String),
              lastError: expect.stringMatching(/consumers not running/),
              unhealthyAfterMs: 300,
            },
          },
        },
      });
      expect(await outboxDeadLetters(producerDs, schemas.producer)).toEqual([]);

      await consumer.transport.start();

      const up = await eventually(ready, (response) => response.status === 200, { timeoutMs: 20_000, what: 'readiness 200' });
      expect(up.body).toMatchObject({
        status: 'ok',
        details: { events: { status: 'up', relay: { up: true, failingSince: null, lastError: null } } },
      });
      await eventually(async () =>
        expect((await inboxRows(consumerDs, schemas.consumer)).map((r) => r.event_id)).toEqual([event.envelope.id]),
      );
      expect(await unpublishedCount(producerDs, schemas.producer)).toBe(0);
    } finally {
      await app?.close();
      await consumer.stop();
      await consumerDs.destroy();
    }
  });
});
