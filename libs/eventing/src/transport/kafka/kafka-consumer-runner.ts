import type { Consumer, EachBatchPayload, IHeaders, Kafka } from 'kafkajs';
import type { EventingLogger } from '../../support/eventing-logger';
import { errorMessage, withTimeout } from '../../support/sleep';
import { WakeSignal } from '@suite/database';
import { exponentialBackoffMs } from '@suite/time';
import { logicalTopicName } from '../../topics/topic-names';
import type { InboundBatchHandler, InboundMessage } from '../event-transport.port';
import { KAFKA_RESTART_BACKOFF } from './kafka-restart-backoff';

export interface KafkaConsumerRunnerOptions {
  /** Physical group id (prefix included). */
  groupId: string;
  /** Physical topic names. */
  topics: readonly string[];
  topicPrefix: string;
  handler: InboundBatchHandler;
  partitionsConsumedConcurrently: number;
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxWaitTimeMs: number;
  stopTimeoutMs: number;
}

/**
 * Keeps one kafkajs consumer running for the app: (re)creates it until it connects, and
 * again if kafkajs gives up after a crash it considers fatal. eachBatch, not eachMessage:
 * the processor applies many events per database transaction.
 */
export class KafkaConsumerRunner {
  private consumer: Consumer | null = null;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private joinedOnce!: () => void;
  readonly joined: Promise<void> = new Promise((resolve) => (this.joinedOnce = resolve));
  private lastCrash: string | null = null;
  private isJoined = false;
  private readonly stopSignal = new WakeSignal();

  constructor(
    private readonly kafka: Kafka,
    private readonly options: KafkaConsumerRunnerOptions,
    private readonly logger: EventingLogger,
  ) {}

  start(): void {
    this.loop ??= this.runUntilStarted();
  }

  status(): { joined: boolean; lastCrash: string | null } {
    return { joined: this.isJoined, lastCrash: this.lastCrash };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSignal.notify();
    // connect() against a dead broker only gives up after its own retries; do not wait for that.
    if (this.loop) await withTimeout(this.loop, this.options.stopTimeoutMs, 'kafka consumer start-up').catch(() => undefined);
    const consumer = this.consumer;
    this.consumer = null;
    // disconnect() waits for the in-flight batch (the processor stops at a chunk boundary).
    if (consumer)
      await withTimeout(consumer.disconnect(), this.options.stopTimeoutMs, 'kafka consumer stop').catch(() => undefined);
  }

  private async runUntilStarted(): Promise<void> {
    for (let failures = 0; !this.stopping; failures++) {
      const consumer = this.createConsumer();
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: [...this.options.topics], fromBeginning: true });
        if (this.stopping) {
          await consumer.disconnect().catch(() => undefined);
          return;
        }
        this.consumer = consumer;
        await consumer.run({
          // kafkajs commits the resolved offsets after every partition batch; the processor
          // also commits mid-batch (at most every 5 s) when a batch runs long.
          eachBatchAutoResolve: false,
          autoCommitInterval: 5000,
          partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently,
          eachBatch: (payload) => this.eachBatch(payload),
        });
        return;
      } catch (error) {
        this.consumer = null;
        await consumer.disconnect().catch(() => undefined);
        this.logger.warn('kafka consumer could not start; retrying', { error: errorMessage(error), failures: failures + 1 });
        await this.stopSignal.wait(exponentialBackoffMs(failures + 1, KAFKA_RESTART_BACKOFF));
      }
    }
  }

  private createConsumer(): Consumer {
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeout: this.options.sessionTimeoutMs,
      heartbeatInterval: this.options.heartbeatIntervalMs,
      maxWaitTimeInMs: this.options.maxWaitTimeMs,
      allowAutoTopicCreation: false,
      retry: { initialRetryTime: 300, maxRetryTime: 10_000, retries: 10 },
    });
    consumer.on(consumer.events.GROUP_JOIN, () => {
      this.isJoined = true;
      this.joinedOnce();
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.isJoined = false;
      this.lastCrash = errorMessage(payload.error);
      // kafkajs restarts by itself after retriable crashes; for the others we start over.
      if (!payload.restart && !this.stopping && this.consumer === consumer) {
        this.logger.error('kafka consumer crashed; recreating it', { error: this.lastCrash });
        this.consumer = null;
        this.loop = this.runUntilStarted();
      }
    });
    return consumer;
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    const topic = logicalTopicName(this.options.topicPrefix, batch.topic) ?? batch.topic;
    const messages: InboundMessage[] = batch.messages.map((m) => ({
      topic,
      physicalTopic: batch.topic,
      partition: batch.partition,
      offset: m.offset,
      key: m.key?.toString('utf8') ?? null,
      value: m.value?.toString('utf8') ?? null,
      rawValue: m.value,
      headers: decodeHeaders(m.headers),
    }));
    await this.options.handler(messages, {
      heartbeat: () => payload.heartbeat(),
      resolveOffset: (offset) => payload.resolveOffset(offset),
      commitOffsets: () => payload.commitOffsetsIfNecessary(),
      isActive: () => payload.isRunning() && !payload.isStale(),
    });
  }
}

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first.toString();
  }
  return out;
}
