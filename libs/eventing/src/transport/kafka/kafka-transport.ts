import { Kafka, logLevel, Partitioners, type Admin, type Producer, type TopicMessages } from 'kafkajs';
import type { EventingLogger } from '../../support/eventing-logger';
import { errorMessage, withTimeout } from '../../support/sleep';
import { WakeSignal } from '@suite/database';
import { exponentialBackoffMs } from '@suite/time';
import { consumerGroupId, deadLetterTopicName, physicalTopicName } from '../../topics/topic-names';
import type { DeadLetter, EventTransport, InboundBatchHandler, OutboundMessage, TransportHealth } from '../event-transport.port';
import { kafkaLogCreator } from './kafka-log-creator';
import { KafkaConsumerRunner } from './kafka-consumer-runner';
import { deadLetterRecord } from './kafka-dead-letter-message';
import { permanentPublishErrorOf } from './kafka-publish-error';
import { ensureTopics } from './kafka-topic-provisioner';
import { KAFKA_RESTART_BACKOFF } from './kafka-restart-backoff';

export interface KafkaTransportOptions {
  brokers: readonly string[];
  clientId: string;
  topicPrefix: string;
  /** Logical group name (the app name); the prefix is added. */
  groupId: string;
  /** Logical topics to create at start (with their .dlq) besides the subscribed ones. */
  topics: readonly string[];
  partitions: number;
  replicationFactor: number;
  partitionsConsumedConcurrently: number;
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxWaitTimeMs: number;
  /** How long publish() waits for start-up topic creation before failing (the relay retries). */
  publishReadyWaitMs: number;
  /** A send (connection included) not acknowledged within this long fails; its producer is replaced. */
  sendTimeoutMs: number;
  stopTimeoutMs: number;
}

/**
 * Kafka behind the EventTransport port. The producer is idempotent with one request in
 * flight, so a retried send can neither duplicate nor reorder within a partition; acks=-1
 * so an acknowledged event survives a broker loss. Keyed by subject: per-subject order.
 */
export class KafkaTransport implements EventTransport {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private subscription: { topics: readonly string[]; handler: InboundBatchHandler } | null = null;
  private runner: KafkaConsumerRunner | null = null;
  private producer: Promise<Producer> | null = null;
  private healthAdmin: Promise<Admin> | null = null;
  private startup: Promise<void> | null = null;
  private stopping = false;
  private topicsReady = false;
  private markTopicsReady!: () => void;
  private readonly topicsCreated = new Promise<void>((resolve) => (this.markTopicsReady = resolve));
  private startupError: string | null = null;
  private readonly stopSignal = new WakeSignal();
  private markConsuming!: () => void;
  private readonly consuming = new Promise<void>((resolve) => (this.markConsuming = resolve));
  private markStopped!: () => void;
  private readonly stopped = new Promise<void>((resolve) => (this.markStopped = resolve));

  constructor(
    private readonly options: KafkaTransportOptions,
    private readonly logger: EventingLogger,
  ) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      connectionTimeout: 3000,
      requestTimeout: 30_000,
      // Short: every caller (start-up, relay, consumer runner) has its own retry loop, and a
      // connect stuck in long kafkajs retries is what would hold up shutdown.
      retry: { initialRetryTime: 200, maxRetryTime: 1000, retries: 3 },
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(logger),
    });
  }

  subscribe(topics: readonly string[], handler: InboundBatchHandler): void {
    if (this.subscription) throw new Error('KafkaTransport: subscribe() may be called once');
    this.subscription = { topics, handler };
  }

  async start(): Promise<void> {
    this.startup ??= this.startInBackground();
  }

  async ready(): Promise<void> {
    await this.topicsCreated;
    await this.consuming;
  }

  async publish(messages: readonly OutboundMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.whenTopicsReady();
    const byTopic = new Map<string, TopicMessages>();
    for (const m of messages) {
      const topic = physicalTopicName(this.options.topicPrefix, m.topic);
      let entry = byTopic.get(topic);
      if (!entry) byTopic.set(topic, (entry = { topic, messages: [] }));
      entry.messages.push({ key: m.key, value: m.value, headers: { ...m.headers } });
    }
    try {
      await this.send((producer) => producer.sendBatch({ topicMessages: [...byTopic.values()], acks: -1 }));
    } catch (error) {
      throw permanentPublishErrorOf(error) ?? error;
    }
  }

  async deadLetter(letter: DeadLetter): Promise<void> {
    const { topic, message } = deadLetterRecord(letter, consumerGroupId(this.options.topicPrefix, this.options.groupId));
    await this.send((producer) => producer.send({ topic, messages: [message], acks: -1 }));
  }

  async healthCheck(): Promise<TransportHealth> {
    const consumer = this.runner?.status() ?? null;
    try {
      const admin = await (this.healthAdmin ??= this.connectAdmin());
      const cluster = await withTimeout(admin.describeCluster(), 3000, 'kafka describeCluster');
      return { up: true, kind: this.kind, brokers: cluster.brokers.length, topicsReady: this.topicsReady, consumer };
    } catch (error) {
      const admin = this.healthAdmin;
      this.healthAdmin = null;
      void admin?.then((a) => a.disconnect()).catch(() => undefined);
      return {
        up: false,
        kind: this.kind,
        error: errorMessage(error),
        topicsReady: this.topicsReady,
        consumer,
        startupError: this.startupError,
      };
    }
  }

  async stopConsuming(): Promise<void> {
    await this.runner?.stop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.notify();
    this.markStopped();
    const bounded = (p: Promise<unknown> | null | undefined, what: string, ms = this.options.stopTimeoutMs) =>
      p ? withTimeout(Promise.resolve(p), ms, what).catch(() => undefined) : undefined;
    // Start-up may sit in a connect attempt against a dead broker; it ends by itself shortly.
    await bounded(this.startup, 'kafka start-up', 2000);
    await this.stopConsuming();
    await Promise.all([
      bounded(
        this.producer?.then((p) => p.disconnect()),
        'kafka producer disconnect',
      ),
      bounded(
        this.healthAdmin?.then((a) => a.disconnect()),
        'kafka admin disconnect',
      ),
    ]);
    this.producer = null;
    this.healthAdmin = null;
  }

  /** Topic creation, then the consumer; both retried until Kafka answers or the app stops. */
  private async startInBackground(): Promise<void> {
    const subscribed = this.subscription?.topics ?? [];
    const logical = [...new Set([...this.options.topics, ...subscribed])];
    const physical = logical.map((t) => physicalTopicName(this.options.topicPrefix, t));
    const names = [...physical, ...physical.map(deadLetterTopicName)];
    for (let failures = 0; !this.stopping; failures++) {
      const admin = this.kafka.admin({ retry: { retries: 2 } });
      try {
        await admin.connect();
        const created = await ensureTopics(admin, names, {
          partitions: this.options.partitions,
          replicationFactor: this.options.replicationFactor,
        });
        if (created.length > 0) this.logger.log('kafka topics created', { topics: created });
        this.topicsReady = true;
        this.startupError = null;
        this.markTopicsReady();
        break;
      } catch (error) {
        this.startupError = errorMessage(error);
        this.logger.warn('kafka topic set-up failed; retrying', { error: this.startupError, failures: failures + 1 });
        await this.stopSignal.wait(exponentialBackoffMs(failures + 1, KAFKA_RESTART_BACKOFF));
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
    }
    if (this.stopping) return;
    if (!this.subscription) {
      this.markConsuming();
      return;
    }
    this.runner = new KafkaConsumerRunner(
      this.kafka,
      {
        groupId: consumerGroupId(this.options.topicPrefix, this.options.groupId),
        topics: this.subscription.topics.map((t) => physicalTopicName(this.options.topicPrefix, t)),
        topicPrefix: this.options.topicPrefix,
        handler: this.subscription.handler,
        partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently,
        sessionTimeoutMs: this.options.sessionTimeoutMs,
        heartbeatIntervalMs: this.options.heartbeatIntervalMs,
        maxWaitTimeMs: this.options.maxWaitTimeMs,
        stopTimeoutMs: this.options.stopTimeoutMs,
      },
      this.logger,
    );
    this.runner.start();
    void this.runner.joined.then(this.markConsuming);
  }

  /**
   * The relay's first batch usually races the start-up topic creation: wait for it briefly.
   * Once set-up has failed (Kafka unreachable) or the app is stopping, fail at once so the
   * relay backs off and shutdown is not held up.
   */
  private async whenTopicsReady(): Promise<void> {
    if (this.topicsReady) return;
    if (!this.startupError && !this.stopping) {
      const ready = Promise.race([this.topicsCreated, this.stopped]);
      await withTimeout(ready, this.options.publishReadyWaitMs, 'kafka topic set-up').catch(() => undefined);
    }
    if (!this.topicsReady) throw new Error(`kafka topics are not set up yet: ${this.startupError ?? 'starting'}`);
  }

  /**
   * After a failed send the producer is replaced: a kafkajs idempotent producer that timed
   * out can be left with sequence numbers the broker rejects forever. A fresh producer id
   * costs at most duplicates, which the consumers' inbox drops.
   *
   * A send is bounded by `sendTimeoutMs` (connecting included). kafkajs's own bounds do not help
   * against a broker that hangs (a frozen JVM still accepts TCP connections): each request waits
   * out `requestTimeout` (30 s) and is retried up to 5 times, so a send could take minutes while
   * the relay looked healthy (decision 0039). The abandoned send may still reach the broker once
   * it wakes: a duplicate the inboxes drop, never a gap — the relay marks rows only after a send
   * it saw acknowledged, and sends the next batch only after that.
   */
  private async send<T>(work: (producer: Producer) => Promise<T>): Promise<T> {
    if (this.stopping && !this.producer) throw new Error('kafka transport is stopped');
    const pending = (this.producer ??= this.connectProducer());
    try {
      return await withTimeout(
        pending.then((producer) => work(producer)),
        this.options.sendTimeoutMs,
        'kafka send (connection and acknowledgement)',
      );
    } catch (error) {
      if (this.producer === pending) this.producer = null;
      void pending.then((p) => p.disconnect()).catch(() => undefined);
      throw error;
    }
  }

  private async connectProducer(): Promise<Producer> {
    const producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      // Bounded, unlike the idempotent default (infinite): the relay must get the error
      // back to roll back, back off and report lag rather than hang inside one send.
      retry: { initialRetryTime: 100, maxRetryTime: 2000, retries: 5 },
    });
    await producer.connect();
    return producer;
  }

  private async connectAdmin(): Promise<Admin> {
    const admin = this.kafka.admin({ retry: { retries: 0 } });
    try {
      await withTimeout(admin.connect(), 3000, 'kafka admin connect');
      return admin;
    } catch (error) {
      void admin.disconnect().catch(() => undefined);
      throw error;
    }
  }
}
