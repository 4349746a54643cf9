import type { DomainEvent } from '@suite/contracts';
import { eventingEntities, EventingRuntime, newEvent, OnEvent, silentEventingLogger } from '@suite/eventing';
import { DataSource, EntitySchema, type EntityManager } from 'typeorm';

const ProjectionSchema = new EntitySchema<{ subject: string; events: number }>({
  name: 'BenchProjection',
  tableName: 'projection',
  columns: { subject: { type: 'text', primary: true }, events: { type: 'int' } },
});

/**
 * A consumer with a realistic, small effect (one upsert per event) that records when each
 * event was handled; latency is computed against the writer's commit time afterwards.
 */
export class RecordingHandler {
  readonly consumedAt = new Map<string, number>();
  private target = 0;
  private reached: (() => void) | null = null;

  constructor(
    private readonly schema: string,
    /** false: no effect at all, to measure the pipeline without the handler's own cost. */
    public withEffect: boolean,
  ) {}

  @OnEvent('company.created')
  async record(event: DomainEvent<'company.created'>, manager: EntityManager): Promise<void> {
    if (this.withEffect) await this.applyEffect(event, manager);
    this.consumedAt.set(event.id, performance.now());
    if (this.reached && this.consumedAt.size >= this.target) this.reached();
  }

  private async applyEffect(event: DomainEvent<'company.created'>, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO "${this.schema}".projection (subject, events) VALUES ($1, 1)
       ON CONFLICT (subject) DO UPDATE SET events = projection.events + 1`,
      [event.subject],
    );
  }

  /** Resolves when `count` distinct events have been handled since reset(). */
  waitFor(count: number, timeoutMs: number): Promise<void> {
    this.target = count;
    if (this.consumedAt.size >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${this.consumedAt.size}/${count} events consumed in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.reached = () => {
        clearTimeout(timer);
        this.reached = null;
        resolve();
      };
    });
  }

  reset(): void {
    this.consumedAt.clear();
  }
}

export interface BenchApps {
  producerDs: DataSource;
  consumerDs: DataSource;
  producer: EventingRuntime;
  consumer: EventingRuntime;
  handler: RecordingHandler;
  stop(): Promise<void>;
}

export interface BenchAppOptions {
  databaseUrl: string;
  brokers: string[] | null;
  topicPrefix: string;
  producerPool: number;
  consumerPool: number;
  partitions: number;
  partitionsConsumedConcurrently: number;
  relayBatchSize: number;
  consumerTransactionSize: number;
  handlerEffect: boolean;
}

async function appDataSource(url: string, schema: string, poolSize: number): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    schema,
    entities: [...eventingEntities, ProjectionSchema],
    extra: { max: poolSize },
    applicationName: `bench-${schema}`,
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  // Benchmark only: the apps get these tables from migrations.
  await dataSource.synchronize();
  return dataSource;
}

/** Two apps, each with its own schema and DataSource, wired with the production code. */
export async function startBenchApps(options: BenchAppOptions): Promise<BenchApps> {
  const [producerDs, consumerDs] = await Promise.all([
    appDataSource(options.databaseUrl, 'bench_producer', options.producerPool),
    appDataSource(options.databaseUrl, 'bench_consumer', options.consumerPool),
  ]);
  const kafka = options.brokers
    ? {
        brokers: options.brokers,
        topicPrefix: options.topicPrefix,
        partitions: options.partitions,
        partitionsConsumedConcurrently: options.partitionsConsumedConcurrently,
      }
    : null;
  const common = {
    kafka,
    topicPrefix: options.topicPrefix,
    logger: silentEventingLogger,
    relay: { batchSize: options.relayBatchSize },
    consumer: { maxTransactionSize: options.consumerTransactionSize },
  };
  const handler = new RecordingHandler('bench_consumer', options.handlerEffect);
  const consumer = new EventingRuntime({
    ...common,
    appName: 'bench-consumer',
    schema: 'bench_consumer',
    dataSource: consumerDs,
    handlers: [handler],
  });
  const producer = new EventingRuntime({
    ...common,
    appName: 'bench-producer',
    schema: 'bench_producer',
    dataSource: producerDs,
    handlers: [],
  });
  await consumer.start();
  await producer.start();
  await Promise.all([consumer.ready(), producer.ready()]);
  return {
    producerDs,
    consumerDs,
    producer,
    consumer,
    handler,
    stop: async () => {
      await Promise.allSettled([producer.stop(), consumer.stop()]);
      await Promise.allSettled([producerDs.destroy(), consumerDs.destroy()]);
    },
  };
}

export function benchEvent(subject: string, n: number) {
  return newEvent('company.created', {
    companyId: null,
    subject,
    // The consumer checks payloads against the contract (a numeric id), as in production.
    data: { id: String(n), name: `bench ${n}`, parent_company_id: null },
  });
}
