import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { createTestDatabase, eventually, type TestDatabase, uniqueTopicPrefix } from '@suite/testing';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { eventingEntities } from './entities/eventing-entities';
import { newEvent } from './envelope/new-event';
import { EventingRuntime } from './eventing-runtime';
import { EventingHealth } from './health/eventing-health';
import { EventingModule } from './nest/eventing.module';
import { Outbox } from './outbox/outbox';
import { OutboxRelay } from './outbox/outbox-relay';
import { outboxChannel } from './topics/topic-names';
import {
  CounterEntitySchema,
  counterOf,
  CountingHandler,
  createAppDataSource,
  inboxRows,
  testLogger,
  uniqueSchema,
} from './testing/eventing-test-fixture';

/**
 * Embedded mode: no Kafka anywhere. Two Nest apps in one process, wired exactly as the real
 * apps are (TypeOrmModule + EventingModule with kafka: null), exchange events through the
 * same outbox/relay/inbox code over the in-process bus.
 */
const MAX_ATTEMPTS = 2;
const schemas = { producer: uniqueSchema('producer'), consumer: uniqueSchema('consumer') };
let db: TestDatabase;
let prefix: string;
let producerApp: INestApplicationContext;
let consumerApp: INestApplicationContext;

@Injectable()
class ConsumerCountingHandler extends CountingHandler {
  constructor() {
    super(schemas.consumer);
  }
}

/** The consumer's feature module: its provider with an @OnEvent method is found by EventingModule. */
@Module({ providers: [ConsumerCountingHandler] })
class CountingModule {}

async function createApp(appName: string, schema: string, withHandler: boolean): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      TypeOrmModule.forRoot({ type: 'postgres', url: db.url, schema, entities: [...eventingEntities, CounterEntitySchema] }),
      EventingModule.forRoot({
        appName,
        schema,
        kafka: null,
        topicPrefix: prefix,
        maxAttempts: MAX_ATTEMPTS,
        consumer: { retryBaseDelayMs: 10, retryMaxDelayMs: 20 },
        logger: testLogger(appName),
      }),
      ...(withHandler ? [CountingModule] : []),
    ],
  }).compile();
  moduleRef.useLogger(false);
  return moduleRef.init();
}

const companyEvent = (subject: string) =>
  newEvent('company.created', { companyId: null, subject, data: { id: '1', name: subject, parent_company_id: null } });

const producerDs = () => producerApp.get<DataSource>(getDataSourceToken());
const consumerDs = () => consumerApp.get<DataSource>(getDataSourceToken());

async function commit(subject: string) {
  const outbox = producerApp.get(Outbox);
  const [envelope] = await producerDs().transaction((manager) => outbox.append(manager, companyEvent(subject)));
  return envelope!;
}

beforeAll(async () => {
  db = await createTestDatabase('eventing_embedded');
  prefix = uniqueTopicPrefix('eventing-embedded');
  // Test-only table set-up; the apps themselves never synchronize.
  for (const schema of Object.values(schemas)) await (await createAppDataSource(db.url, schema)).destroy();
  consumerApp = await createApp('consumer', schemas.consumer, true);
  producerApp = await createApp('producer', schemas.producer, false);
});

afterAll(async () => {
  await producerApp?.close();
  await consumerApp?.close();
  await db?.drop();
});

describe('eventing in embedded mode (in-process transport, no Kafka)', () => {
  it('(f/a) delivers a committed event exactly once; the relay flush returns only after the consumer applied it', async () => {
    const envelope = await commit('fa-company');

    await producerApp.get(OutboxRelay).flush();

    expect(await counterOf(consumerDs(), schemas.consumer, 'fa-company')).toBe(1);
    await producerApp.get(OutboxRelay).flush();
    expect(await counterOf(consumerDs(), schemas.consumer, 'fa-company')).toBe(1);
    expect((await inboxRows(consumerDs(), schemas.consumer)).filter((r) => r.event_id === envelope.id)).toHaveLength(1);
    const [row] = await producerDs().query(`SELECT published_at FROM "${schemas.producer}".outbox WHERE id = $1`, [envelope.id]);
    expect(row.published_at).not.toBeNull();
  });

  it('(f/e) publishes nothing for a rolled-back transaction', async () => {
    const outbox = producerApp.get(Outbox);
    await expect(
      producerDs().transaction(async (manager) => {
        await outbox.append(manager, companyEvent('fe-rolled-back'));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');

    await producerApp.get(OutboxRelay).flush();

    expect(await counterOf(consumerDs(), schemas.consumer, 'fe-rolled-back')).toBe(0);
    expect((await inboxRows(consumerDs(), schemas.consumer)).some((r) => r.subject === 'fe-rolled-back')).toBe(false);
    const [row] = await producerDs().query(`SELECT count(*)::int AS n FROM "${schemas.producer}".outbox WHERE subject = $1`, [
      'fe-rolled-back',
    ]);
    expect(row.n).toBe(0);
  });

  it('wakes the relay on commit through the NOTIFY its insert carries, and not for a rolled-back transaction', async () => {
    const listener = new Client({ connectionString: db.url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (notification) => heard.push(notification.channel));
      await listener.query(`LISTEN "${outboxChannel(schemas.producer)}"`);
      // Not debounced: every append asks for a wake-up.
      const outbox = new Outbox(schemas.producer, { appended: () => undefined }, { notifyDebounceMs: 0 });

      await expect(
        producerDs().transaction(async (manager) => {
          await outbox.append(manager, companyEvent('wake-rolled-back'));
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);

      await producerDs().transaction((manager) => outbox.append(manager, companyEvent('wake-committed')));
      await eventually(async () => expect(heard).toEqual([outboxChannel(schemas.producer)]));
    } finally {
      await listener.end();
    }
  });

  it('(f/b) redelivery after the relay died before marking changes nothing', async () => {
    let crashes = 0;
    const schema = uniqueSchema('producer_b');
    const dataSource = await createAppDataSource(db.url, schema);
    const crashing = new EventingRuntime({
      appName: 'producer-b',
      schema,
      kafka: null,
      topicPrefix: prefix,
      dataSource,
      handlers: [],
      logger: testLogger('producer-b'),
      relay: {
        afterPublish: async () => {
          if (crashes++ === 0) throw new Error('relay died before marking');
        },
      },
    });
    try {
      await crashing.start();
      const [envelope] = await dataSource.transaction((m) => crashing.outbox.append(m, companyEvent('fb-company')));

      await crashing.relay.flush();

      expect(crashes).toBe(2); // delivered, "crashed", delivered again
      expect(await counterOf(consumerDs(), schemas.consumer, 'fb-company')).toBe(1);
      expect((await inboxRows(consumerDs(), schemas.consumer)).filter((r) => r.event_id === envelope!.id)).toHaveLength(1);
    } finally {
      await crashing.stop();
      await dataSource.destroy();
    }
  });

  it('runs one relay per schema however many replicas start; a standby takes over when the leader stops', async () => {
    const schema = uniqueSchema('producer_r');
    // Two replicas of one app: same schema, separate DataSources (created one after the other:
    // concurrent synchronize() calls would race on CREATE TABLE).
    const replicas = [await createAppDataSource(db.url, schema), await createAppDataSource(db.url, schema)];
    const relays = replicas.map(
      (dataSource, i) =>
        new EventingRuntime({
          appName: `producer-r${i}`,
          schema,
          kafka: null,
          topicPrefix: prefix,
          dataSource,
          handlers: [],
          relay: { standbyRetryMs: 100 },
          logger: testLogger(`producer-r${i}`),
        }),
    );
    try {
      await Promise.all(relays.map((r) => r.start()));
      const leaders = () => relays.filter((r) => r.relay.status().leader);
      await eventually(async () => expect(leaders()).toHaveLength(1));
      const [leader] = leaders();
      const standby = relays.find((r) => r !== leader)!;

      await replicas[0]!.transaction((m) => leader!.outbox.append(m, companyEvent('fr-1')));
      await eventually(async () => expect(await counterOf(consumerDs(), schemas.consumer, 'fr-1')).toBe(1));
      await leader!.stop();
      await eventually(async () => expect(standby.relay.status().leader).toBe(true));
      await replicas[1]!.transaction((m) => standby.outbox.append(m, companyEvent('fr-2')));
      await eventually(async () => expect(await counterOf(consumerDs(), schemas.consumer, 'fr-2')).toBe(1));
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
      await Promise.all(replicas.map((ds) => ds.destroy()));
    }
  });

  it('parks an always-failing event in the dead_letter table and keeps delivering', async () => {
    consumerApp.get(ConsumerCountingHandler).poisoned.add('fd-poison');
    const poison = await commit('fd-poison');
    await commit('fd-after');

    await producerApp.get(OutboxRelay).flush();

    expect(await counterOf(consumerDs(), schemas.consumer, 'fd-after')).toBe(1);
    const letters = await consumerDs().query(`SELECT * FROM "${schemas.consumer}".dead_letter`);
    expect(letters).toEqual([
      expect.objectContaining({
        event_id: poison.id,
        event_type: 'company.created',
        topic: 'platform.company.v1',
        attempts: MAX_ATTEMPTS,
        error: 'handler refuses fd-poison',
      }),
    ]);
    expect(JSON.parse(letters[0].payload)).toEqual(poison);
  });

  it('reports healthy without a broker', async () => {
    await expect(consumerApp.get(EventingHealth).check()).resolves.toMatchObject({
      up: true,
      details: { transport: { kind: 'in-process', consuming: true } },
    });
  });
});
