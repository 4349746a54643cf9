import type { DataSource } from 'typeorm';
import type { EventingSettings } from './config/eventing-options';
import { resolveEventingConfig, type ResolvedEventingConfig } from './config/resolved-eventing-config';
import { BatchProcessor } from './consumer/batch-processor';
import { HandlerRegistry } from './consumer/handler-registry';
import { RetryPolicy } from './consumer/retry-policy';
import { TableDeadLetterSink } from './consumer/table-dead-letter-sink';
import { TypeOrmInbox } from './consumer/typeorm-inbox';
import { EventingTables } from './entities/eventing-entities';
import { EventingHealth } from './health/eventing-health';
import { TransportWatch } from './health/transport-watch';
import { EventingMetrics } from './metrics/eventing-metrics';
import { Outbox } from './outbox/outbox';
import { OutboxRelay } from './outbox/outbox-relay';
import { errorMessage, withTimeout } from './support/sleep';
import type { EventTransport } from './transport/event-transport.port';
import { InProcessBus } from './transport/in-process/in-process-bus';
import { InProcessTransport } from './transport/in-process/in-process-transport';
import { KafkaTransport } from './transport/kafka/kafka-transport';

export interface EventingRuntimeOptions extends EventingSettings {
  /** The app's initialized DataSource; its `schema` must equal `schema`. */
  dataSource: DataSource;
  /** Objects with `@OnEvent` methods, or a function called at start() (Nest finds them only at bootstrap). */
  handlers: readonly object[] | (() => readonly object[] | Promise<readonly object[]>);
  /** Embedded mode only; default the process-wide bus. */
  bus?: InProcessBus;
}

/**
 * One app's eventing, wired without any framework: outbox, relay, transport, consumer.
 * The Nest module wraps it; the benchmark and tests use it directly.
 */
export class EventingRuntime {
  readonly config: ResolvedEventingConfig;
  readonly outbox: Outbox;
  readonly relay: OutboxRelay;
  readonly transport: EventTransport;
  readonly health: EventingHealth;
  /** The transport's reachability, checked in the background; readiness and the metric read it. */
  readonly transportWatch: TransportWatch;
  private readonly metrics: EventingMetrics;
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  private stopped: Promise<void> | null = null;

  constructor(private readonly options: EventingRuntimeOptions) {
    this.config = resolveEventingConfig(options);
    assertDataSourceFits(options.dataSource, this.config.schema);
    this.metrics = new EventingMetrics(this.config.appName);
    this.transport = this.createTransport();
    this.outbox = new Outbox(this.config.schema, this.metrics, this.config.outbox);
    this.relay = new OutboxRelay(
      options.dataSource,
      this.config.schema,
      this.transport,
      this.config.relay,
      this.metrics,
      this.config.logger,
    );
    this.transportWatch = new TransportWatch(this.transport, {
      ...this.config.transportCheck,
      onCheck: (up) => this.metrics.transportUp(up),
    });
    this.health = new EventingHealth(this.transportWatch, this.relay, { unhealthyAfterMs: this.config.relayUnhealthyAfterMs });
  }

  /** Subscribes the handlers, starts the transport and the relay. Returns without waiting for Kafka. */
  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'started';
    const handlers = typeof this.options.handlers === 'function' ? await this.options.handlers() : this.options.handlers;
    const registry = new HandlerRegistry(handlers);
    if (registry.topics.length > 0) {
      const processor = new BatchProcessor({
        inbox: new TypeOrmInbox(this.options.dataSource, this.config.schema),
        apply: registry.apply,
        wanted: registry.wanted,
        deadLetter: (letter) => this.transport.deadLetter(letter),
        retryPolicy: new RetryPolicy({
          maxAttempts: this.config.maxAttempts,
          baseDelayMs: this.config.consumer.retryBaseDelayMs,
          maxDelayMs: this.config.consumer.retryMaxDelayMs,
        }),
        logger: this.config.logger,
        metrics: this.metrics,
        maxTransactionSize: this.config.consumer.maxTransactionSize,
        heartbeatIntervalMs: this.config.consumer.heartbeatIntervalMs,
      });
      this.transport.subscribe(registry.topics, (messages, context) => processor.process(messages, context));
    }
    await this.transport.start();
    this.transportWatch.start();
    this.relay.start();
  }

  /** Resolves once topics exist and the consumer joined its group (tests, readiness waits), the health it reports checked after. */
  async ready(timeoutMs = 60_000): Promise<void> {
    await withTimeout(this.transport.ready(), timeoutMs, `eventing ${this.config.appName} ready`);
    await this.transportWatch.check();
  }

  /**
   * Consumers first (their handlers may append events), then a bounded flush of the outbox,
   * then the transport (which also aborts a publish stuck on a dead broker), then the relay.
   * Whatever could not be published stays in the outbox for the next start.
   */
  stop(): Promise<void> {
    this.stopped ??= this.doStop();
    return this.stopped;
  }

  private async doStop(): Promise<void> {
    const wasStarted = this.state === 'started';
    this.state = 'stopping';
    if (wasStarted) {
      await this.transport.stopConsuming();
      await this.relay.flush(this.config.shutdownFlushTimeoutMs).catch((error) => {
        this.config.logger.warn('outbox not fully flushed at shutdown; the rest is published after restart', {
          error: errorMessage(error),
        });
      });
    }
    await this.transportWatch.stop();
    await this.transport.stop();
    await this.relay.stop();
    this.state = 'stopped';
  }

  private createTransport(): EventTransport {
    const { kafka, logger } = this.config;
    if (kafka) return new KafkaTransport(kafka, logger);
    const deadLetters = new TableDeadLetterSink(this.options.dataSource, this.config.schema);
    return new InProcessTransport(this.options.bus ?? InProcessBus.shared(), {
      groupId: this.config.groupId,
      topicPrefix: this.config.topicPrefix,
      deadLetter: deadLetters.deadLetter,
    });
  }
}

/** Catches the two wiring mistakes that would otherwise fail only at the first event. */
function assertDataSourceFits(dataSource: DataSource, schema: string): void {
  if (!dataSource.isInitialized) throw new Error('eventing: the DataSource must be initialized');
  const dsSchema = (dataSource.options as { schema?: string }).schema;
  if (dsSchema && dsSchema !== schema) {
    throw new Error(`eventing: schema "${schema}" differs from the DataSource schema "${dsSchema}"`);
  }
  const tables = new Set(dataSource.entityMetadatas.map((m) => m.tableName));
  const missing = Object.values(EventingTables).filter((t) => !tables.has(t));
  if (missing.length > 0) {
    throw new Error(`eventing: add EVENTING_ENTITIES to the DataSource entities (missing: ${missing.join(', ')})`);
  }
}
