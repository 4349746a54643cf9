import { Topics } from '@suite/contracts';
import { childTraceparent, runWithTraceContext, traceIdOf } from '@suite/observability';
import { createTestDatabase, eventually, parseBrokerList, type TestDatabase, uniqueTopicPrefix } from '@suite/testing';
import { Partitioners, type Kafka, type PartitionMetadata } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { newEvent } from './envelope/new-event';
import { EventingRuntime, type EventingRuntimeOptions } from './eventing-runtime';
import {
  counterOf,
  CountingHandler,
  createAppDataSource,
  headerOf,
  inboxRows,
  readTopic,
  testKafka,
  testLogger,
  uniqueSchema,
  waitUntilCaughtUp,
} from './testing/eventing-test-fixture';
import { consumerGroupId, deadLetterTopicName, physicalTopicName } from './topics/topic-names';

/**
 * Two apps — a producer and a consumer, each with its own schema and DataSource — talking
 * through a real Kafka broker and real PostgreSQL (both from the jest global setup).
 */
const PARTITIONS = 3;
const MAX_ATTEMPTS = 3;

let db: TestDatabase;
let kafka: Kafka;
let prefix: string;
let topic: string;
const schemas = { producer: uniqueSchema('producer'), consumer: uniqueSchema('consumer') };
let producerDs: DataSource;
let consumerDs: DataSource;
let producer: EventingRuntime;
let consumer: EventingRuntime;
let handler: CountingHandler;
const extraRuntimes: EventingRuntime[] = [];
const extraDataSources: DataSource[] = [];

function settings(appName: string, schema: string): Omit<EventingRuntimeOptions, 'dataSource' | 'handlers'> {
  return {
    appName,
    schema,
    kafka: {
      brokers: parseBrokerList(process.env.KAFKA_BROKERS),
      topicPrefix: prefix,
      partitions: PARTITIONS,
      sessionTimeoutMs: 10_000,
      heartbeatIntervalMs: 1000,
    },
    maxAttempts: MAX_ATTEMPTS,
    pollIntervalMs: 500,
    consumer: { retryBaseDelayMs: 20, retryMaxDelayMs: 100 },
    relay: { maxBackoffMs: 500 },
    logger: testLogger(appName),
  };
}

const companyEvent = (subject: string) =>
  newEvent('company.created', { companyId: null, subject, data: { id: '1', name: subject, parent_company_id: null } });

async function commit(subject: string) {
  const [envelope] = await producerDs.transaction((manager) => producer.outbox.append(manager, companyEvent(subject)));
  return envelope!;
}

/** A subject whose Kafka key lands on the same partition as `subject`'s (murmur2, like the producer). */
function samePartitionAs(subject: string, label: string): string {
  const partitioner = Partitioners.DefaultPartitioner();
  const partitionMetadata: PartitionMetadata[] = Array.from({ length: PARTITIONS }, (_, partitionId) => ({
    partitionId,
    leader: 1,
    partitionErrorCode: 0,
    replicas: [1],
    isr: [1],
  }));
  const partitionOf = (key: string) => partitioner({ topic, partitionMetadata, message: { key, value: null } });
  for (let i = 0; ; i++) if (partitionOf(`${label}-${i}`) === partitionOf(subject)) return `${label}-${i}`;
}

beforeAll(async () => {
  db = await createTestDatabase('eventing_kafka');
  prefix = uniqueTopicPrefix('eventing');
  topic = physicalTopicName(prefix, Topics.platformCompany);
  kafka = testKafka(parseBrokerList(process.env.KAFKA_BROKERS));
  [producerDs, consumerDs] = await Promise.all([
    createAppDataSource(db.url, schemas.producer),
    createAppDataSource(db.url, schemas.consumer),
  ]);
  handler = new CountingHandler(schemas.consumer);
  consumer = new EventingRuntime({ ...settings('consumer', schemas.consumer), dataSource: consumerDs, handlers: [handler] });
  producer = new EventingRuntime({ ...settings('producer', schemas.producer), dataSource: producerDs, handlers: [] });
  await Promise.all([consumer.start(), producer.start()]);
  await Promise.all([consumer.ready(), producer.ready()]);
});

afterAll(async () => {
  await Promise.allSettled([...extraRuntimes, consumer, producer].map((runtime) => runtime?.stop()));
  await Promise.allSettled([...extraDataSources, consumerDs, producerDs].map((ds) => ds?.destroy()));
  await db?.drop();
});

describe('eventing over Kafka between two apps', () => {
  it('(a) consumes an event committed by the other app exactly once, in the producer trace', async () => {
    const traceparent = childTraceparent();
    const envelope = await runWithTraceContext({ traceparent }, () => commit('a-company'));

    await eventually(async () => expect(await counterOf(consumerDs, schemas.consumer, 'a-company')).toBe(1));
    await producer.relay.flush();
    await waitUntilCaughtUp(kafka, consumerGroupId(prefix, 'consumer'), topic);

    expect(await counterOf(consumerDs, schemas.consumer, 'a-company')).toBe(1);
    expect((await inboxRows(consumerDs, schemas.consumer)).filter((r) => r.event_id === envelope.id)).toHaveLength(1);
    const handled = handler.traceparents.get(envelope.id)!;
    expect(traceIdOf(handled)).toBe(traceIdOf(traceparent));
    expect(handled).not.toBe(traceparent);
    const [row] = await producerDs.query(`SELECT published_at FROM "${schemas.producer}".outbox WHERE id = $1`, [envelope.id]);
    expect(row.published_at).not.toBeNull();
  });

  it('(b) republishes after the relay died between publishing and marking, and the effect still happens once', async () => {
    const schema = uniqueSchema('producer_b');
    const ds = await createAppDataSource(db.url, schema);
    extraDataSources.push(ds);
    let publishedBeforeCrash = 0;
    const crashing = new EventingRuntime({
      ...settings('producer-b', schema),
      dataSource: ds,
      handlers: [],
      relay: {
        maxBackoffMs: 500,
        afterPublish: async () => {
          publishedBeforeCrash++;
          throw new Error('relay process died before marking the batch');
        },
      },
    });
    extraRuntimes.push(crashing);
    await crashing.start();
    const [envelope] = await ds.transaction((m) => crashing.outbox.append(m, companyEvent('b-company')));

    await eventually(async () => expect(publishedBeforeCrash).toBeGreaterThanOrEqual(1));
    // The crash: no graceful flush, the batch stays unmarked.
    await crashing.relay.stop();
    await crashing.transport.stop();
    const [pending] = await ds.query(`SELECT count(*)::int AS n FROM "${schema}".outbox WHERE published_at IS NULL`);
    expect(pending.n).toBe(1);

    const successor = new EventingRuntime({ ...settings('producer-b', schema), dataSource: ds, handlers: [] });
    extraRuntimes.push(successor);
    await successor.start();
    await successor.relay.flush();
    await waitUntilCaughtUp(kafka, consumerGroupId(prefix, 'consumer'), topic);

    const copies = (await readTopic(kafka, topic)).filter((m) => headerOf(m, 'event-id') === envelope!.id);
    expect(copies.length).toBeGreaterThanOrEqual(2);
    expect(await counterOf(consumerDs, schemas.consumer, 'b-company')).toBe(1);
    expect((await inboxRows(consumerDs, schemas.consumer)).filter((r) => r.event_id === envelope!.id)).toHaveLength(1);
    await successor.stop();
  });

  it('(d) dead-letters a non-envelope message and an always-failing event after bounded attempts; later events flow', async () => {
    const poisonSubject = 'd-poison';
    handler.poisoned.add(poisonSubject);
    const rawKey = samePartitionAs(poisonSubject, 'd-raw');
    const afterSubject = samePartitionAs(poisonSubject, 'd-after');
    const rawProducer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    await rawProducer.connect();
    await rawProducer.send({ topic, messages: [{ key: rawKey, value: 'this is not an event envelope' }] });
    await rawProducer.disconnect();
    const poison = await commit(poisonSubject);
    const after = await commit(afterSubject);

    await eventually(async () => expect(await counterOf(consumerDs, schemas.consumer, afterSubject)).toBe(1));
    const dlq = await eventually(async () => {
      const messages = await readTopic(kafka, deadLetterTopicName(topic));
      expect(messages).toHaveLength(2);
      return messages;
    });

    const raw = dlq.find((m) => m.key?.toString() === rawKey)!;
    expect(raw.value?.toString()).toBe('this is not an event envelope');
    expect(headerOf(raw, 'dlq-attempts')).toBe('0');
    expect(headerOf(raw, 'dlq-error')).toBe('message value is not JSON');
    expect(headerOf(raw, 'dlq-original-topic')).toBe(topic);
    const rejected = dlq.find((m) => headerOf(m, 'event-id') === poison.id)!;
    expect(JSON.parse(rejected.value!.toString())).toEqual(poison);
    expect(headerOf(rejected, 'dlq-attempts')).toBe(String(MAX_ATTEMPTS));
    expect(headerOf(rejected, 'dlq-error')).toBe(`handler refuses ${poisonSubject}`);
    expect(headerOf(rejected, 'dlq-consumer-group')).toBe(consumerGroupId(prefix, 'consumer'));
    expect(handler.calls.get(poisonSubject)).toBeGreaterThanOrEqual(MAX_ATTEMPTS);
    const inbox = await inboxRows(consumerDs, schemas.consumer);
    expect(inbox.some((r) => r.event_id === poison.id)).toBe(false);
    expect(inbox.some((r) => r.event_id === after.id)).toBe(true);
  });

  it('(e) publishes nothing for a rolled-back transaction', async () => {
    let rolledBackId = '';
    await expect(
      producerDs.transaction(async (manager) => {
        const [envelope] = await producer.outbox.append(manager, companyEvent('e-rolled-back'));
        rolledBackId = envelope!.id;
        throw new Error('business rule failed after the append');
      }),
    ).rejects.toThrow('business rule failed');
    const marker = await commit('e-marker');

    await producer.relay.flush();
    await waitUntilCaughtUp(kafka, consumerGroupId(prefix, 'consumer'), topic);

    const [row] = await producerDs.query(`SELECT count(*)::int AS n FROM "${schemas.producer}".outbox WHERE id = $1`, [
      rolledBackId,
    ]);
    expect(row.n).toBe(0);
    expect(await counterOf(consumerDs, schemas.consumer, 'e-marker')).toBe(1);
    expect(await counterOf(consumerDs, schemas.consumer, 'e-rolled-back')).toBe(0);
    const onTopic = await readTopic(kafka, topic);
    expect(onTopic.some((m) => headerOf(m, 'event-id') === marker.id)).toBe(true);
    expect(onTopic.some((m) => headerOf(m, 'event-id') === rolledBackId)).toBe(false);
  });

  it('reports the broker reachable and the relay healthy', async () => {
    await expect(consumer.health.check()).resolves.toMatchObject({
      up: true,
      details: { transport: { kind: 'kafka', up: true, topicsReady: true }, relay: { leader: true, lastError: null } },
    });
  });
});
