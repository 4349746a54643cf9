// Test-only helpers for the eventing integration specs (not exported from the library).
import { randomBytes } from 'node:crypto';
import type { DomainEvent } from '@suite/contracts';
import { currentTraceparent } from '@suite/observability';
import { eventually } from '@suite/testing';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { DataSource, EntitySchema, type EntityManager } from 'typeorm';
import { OnEvent } from '../consumer/on-event.decorator';
import { eventingEntities } from '../entities/eventing-entities';
import { EventingRuntime, type EventingRuntimeOptions } from '../eventing-runtime';
import type { EventingLogger } from '../support/eventing-logger';

/** The effect under test: NOT idempotent, so any double application shows up as n = 2. */
export const CounterEntitySchema = new EntitySchema<{ subject: string; n: number }>({
  name: 'TestCounter',
  tableName: 'counters',
  columns: { subject: { type: 'text', primary: true }, n: { type: 'int' } },
});

export function uniqueSchema(label: string): string {
  return `${label}_${randomBytes(4).toString('hex')}`;
}

/**
 * An app's DataSource in its own schema. Tables come from synchronize() here ONLY — the
 * apps get them from generated migrations.
 */
export async function createAppDataSource(url: string, schema: string): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    schema,
    entities: [...eventingEntities, CounterEntitySchema],
    extra: { max: 8 },
    applicationName: `eventing-test-${schema}`,
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await dataSource.synchronize();
  return dataSource;
}

/**
 * Increments counters[subject] for every `company.created`; throws for poisoned subjects. Events
 * must satisfy the contract (a numeric `data.id`; the specs use '1'): it is checked before any handler runs.
 */
export class CountingHandler {
  readonly calls = new Map<string, number>();
  readonly traceparents = new Map<string, string | null>();
  readonly poisoned = new Set<string>();

  constructor(private readonly schema: string) {}

  @OnEvent('company.created')
  async count(event: DomainEvent<'company.created'>, manager: EntityManager): Promise<void> {
    this.calls.set(event.subject, (this.calls.get(event.subject) ?? 0) + 1);
    this.traceparents.set(event.id, currentTraceparent());
    if (this.poisoned.has(event.subject)) throw new Error(`handler refuses ${event.subject}`);
    await manager.query(
      `INSERT INTO "${this.schema}".counters (subject, n) VALUES ($1, 1)
       ON CONFLICT (subject) DO UPDATE SET n = counters.n + 1`,
      [event.subject],
    );
  }
}

/** The Kafka settings the specs run with: 3 partitions, a 10 s session so a rebalance settles quickly. */
export function testKafkaOptions(brokers: readonly string[], topicPrefix: string) {
  return { brokers, topicPrefix, partitions: 3, sessionTimeoutMs: 10_000, heartbeatIntervalMs: 1000 };
}

/** A runtime's options but its DataSource and handlers, for an app named `appName` in `schema`. */
export type RuntimeSettings = (appName: string, schema: string) => Omit<EventingRuntimeOptions, 'dataSource' | 'handlers'>;

/** Two apps of one database, each in its own schema: a producer, and a consumer that counts (CountingHandler). */
export interface RuntimePair {
  producerDs: DataSource;
  consumerDs: DataSource;
  producer: EventingRuntime;
  consumer: EventingRuntime;
}

/** Creates the pair's tables, starts both runtimes and waits until both are ready. */
export async function startRuntimePair(
  url: string,
  schemas: { producer: string; consumer: string },
  settings: RuntimeSettings,
  producerApp = 'producer',
): Promise<RuntimePair> {
  const producerDs = await createAppDataSource(url, schemas.producer);
  const consumerDs = await createAppDataSource(url, schemas.consumer);
  const consumer = new EventingRuntime({
    ...settings('consumer', schemas.consumer),
    dataSource: consumerDs,
    handlers: [new CountingHandler(schemas.consumer)],
  });
  const producer = new EventingRuntime({ ...settings(producerApp, schemas.producer), dataSource: producerDs, handlers: [] });
  await Promise.all([consumer.start(), producer.start()]);
  await Promise.all([consumer.ready(), producer.ready()]);
  return { producerDs, consumerDs, producer, consumer };
}

export async function counterOf(dataSource: DataSource, schema: string, subject: string): Promise<number> {
  const rows: Array<{ n: number }> = await dataSource.query(`SELECT n FROM "${schema}".counters WHERE subject = $1`, [subject]);
  return rows[0]?.n ?? 0;
}

export async function inboxRows(
  dataSource: DataSource,
  schema: string,
): Promise<Array<{ event_id: string; subject: string; seq: string }>> {
  return dataSource.query(`SELECT event_id, subject, seq FROM "${schema}".inbox ORDER BY seq`);
}

export function testLogger(label: string): EventingLogger {
  const verbose = process.env.EVENTING_TEST_LOG === '1';
  const print = (level: string) => (message: string, context?: Record<string, unknown>) =>
    verbose && console.log(`[${label}] ${level} ${message} ${context ? JSON.stringify(context) : ''}`);
  return { log: print('info'), warn: print('warn'), error: print('error'), debug: () => undefined };
}

export function testKafka(brokers: readonly string[]): Kafka {
  return new Kafka({ clientId: 'eventing-test', brokers: [...brokers], logLevel: logLevel.NOTHING });
}

/** Every message currently on `topic`, read from the beginning by a throwaway group. */
export async function readTopic(kafka: Kafka, topic: string, timeoutMs = 20_000): Promise<KafkaMessage[]> {
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
  const remaining = new Map(ends.filter((p) => p.high !== p.low).map((p) => [p.partition, BigInt(p.high)]));
  const messages: KafkaMessage[] = [];
  if (remaining.size === 0) return messages;
  const consumer = kafka.consumer({ groupId: `reader-${randomBytes(4).toString('hex')}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    const done = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ partition, message }) => {
          messages.push(message);
          if (BigInt(message.offset) + 1n >= (remaining.get(partition) ?? 0n)) remaining.delete(partition);
          if (remaining.size === 0) resolve();
        },
      });
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      done,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`reading ${topic} timed out`)), timeoutMs))),
    ]).finally(() => clearTimeout(timer));
    return messages;
  } finally {
    await consumer.disconnect();
  }
}

/** Resolves once the group's committed offsets reach the end of every partition of `topic`. */
export async function waitUntilCaughtUp(kafka: Kafka, groupId: string, topic: string, timeoutMs = 30_000): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await eventually(
      async () => {
        const ends = await admin.fetchTopicOffsets(topic);
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        for (const end of ends) {
          const at = committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
          const position = at === '-1' ? BigInt(end.low) : BigInt(at);
          if (position < BigInt(end.high)) throw new Error(`group ${groupId} behind on ${topic}[${end.partition}]`);
        }
      },
      { timeoutMs },
    );
  } finally {
    await admin.disconnect();
  }
}

export const headerOf = (message: KafkaMessage, name: string): string | undefined => message.headers?.[name]?.toString();
