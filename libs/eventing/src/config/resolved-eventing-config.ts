import { ALL_TOPICS } from '@suite/contracts';
import { assertSchemaName } from '@suite/database';
import type { OutboxOptions } from '../outbox/outbox';
import type { OutboxRelayOptions } from '../outbox/outbox-relay';
import { defaultEventingLogger, type EventingLogger } from '../support/eventing-logger';
import type { KafkaTransportOptions } from '../transport/kafka/kafka-transport';
import type { EventingSettings } from './eventing-options';

export interface ResolvedEventingConfig {
  appName: string;
  schema: string;
  groupId: string;
  topicPrefix: string;
  topics: readonly string[];
  maxAttempts: number;
  shutdownFlushTimeoutMs: number;
  relayUnhealthyAfterMs: number;
  /** The background check of the transport that readiness and `eventing_transport_up` read (TransportWatch). */
  transportCheck: { intervalMs: number; timeoutMs: number };
  kafka: KafkaTransportOptions | null;
  relay: OutboxRelayOptions;
  outbox: OutboxOptions;
  consumer: { maxTransactionSize: number; retryBaseDelayMs: number; retryMaxDelayMs: number; heartbeatIntervalMs: number };
  logger: EventingLogger;
}

const HOUR = 3_600_000;

function positiveInt(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`eventing: ${name} must be a positive integer, got ${value}`);
  return value;
}

/** Every default in one place. */
export function resolveEventingConfig(settings: EventingSettings): ResolvedEventingConfig {
  if (!settings.appName) throw new Error('eventing: appName is required');
  const schema = assertSchemaName(settings.schema);
  const kafka = settings.kafka;
  if (kafka && kafka.brokers.length === 0)
    throw new Error('eventing: kafka.brokers is empty; pass kafka: null for embedded mode');
  const topicPrefix = kafka?.topicPrefix ?? settings.topicPrefix ?? '';
  const groupId = settings.groupId ?? settings.appName;
  const pollIntervalMs = positiveInt('pollIntervalMs', settings.pollIntervalMs ?? 1000);
  // A killed replica sends no LeaveGroup: its partitions wait for its session to time out, and a
  // replica joining meanwhile (the killed pod restarted) stalls the whole group until then — 30 s
  // with kafkajs's default. 10 s bounds that stall; the heartbeat is frequent enough that a live
  // member under load is not taken for dead (decision 0039).
  const sessionTimeoutMs = kafka?.sessionTimeoutMs ?? 10_000;
  const heartbeatIntervalMs = kafka?.heartbeatIntervalMs ?? Math.min(1000, Math.floor(sessionTimeoutMs / 3));
  const relay = settings.relay ?? {};
  const consumer = settings.consumer ?? {};
  return {
    appName: settings.appName,
    schema,
    groupId,
    topicPrefix,
    topics: settings.topics ?? ALL_TOPICS,
    maxAttempts: positiveInt('maxAttempts', settings.maxAttempts ?? 5),
    shutdownFlushTimeoutMs: settings.shutdownFlushTimeoutMs ?? 5000,
    relayUnhealthyAfterMs: positiveInt('relayUnhealthyAfterMs', settings.relayUnhealthyAfterMs ?? 60_000),
    logger: settings.logger ?? defaultEventingLogger(settings.appName),
    // Every 2 s; a check bounded at 5 s (the Kafka one is two 3 s steps, connect and describeCluster).
    transportCheck: { intervalMs: 2000, timeoutMs: 5000 },
    kafka: kafka
      ? {
          brokers: kafka.brokers,
          clientId: kafka.clientId ?? settings.appName,
          topicPrefix,
          groupId,
          topics: settings.topics ?? ALL_TOPICS,
          partitions: positiveInt('kafka.partitions', kafka.partitions ?? 6),
          replicationFactor: positiveInt('kafka.replicationFactor', kafka.replicationFactor ?? 1),
          partitionsConsumedConcurrently: positiveInt(
            'kafka.partitionsConsumedConcurrently',
            kafka.partitionsConsumedConcurrently ?? 3,
          ),
          sessionTimeoutMs,
          heartbeatIntervalMs,
          maxWaitTimeMs: 250,
          publishReadyWaitMs: 5000,
          sendTimeoutMs: positiveInt('kafka.sendTimeoutMs', kafka.sendTimeoutMs ?? 10_000),
          stopTimeoutMs: 10_000,
        }
      : null,
    relay: {
      batchSize: positiveInt('relay.batchSize', relay.batchSize ?? 1000),
      pollIntervalMs,
      busyPollMs: relay.busyPollMs ?? 10,
      busyWindowMs: relay.busyWindowMs ?? 500,
      standbyRetryMs: relay.standbyRetryMs ?? Math.max(pollIntervalMs, 2000),
      minBackoffMs: 100,
      maxBackoffMs: relay.maxBackoffMs ?? 5000,
      retentionMs: relay.retentionMs ?? 24 * HOUR,
      inboxRetentionMs: relay.inboxRetentionMs ?? 7 * 24 * HOUR,
      purgeIntervalMs: relay.purgeIntervalMs ?? 60_000,
      afterPublish: relay.afterPublish,
    },
    outbox: { notifyDebounceMs: relay.notifyDebounceMs ?? 10 },
    consumer: {
      maxTransactionSize: positiveInt('consumer.maxTransactionSize', consumer.maxTransactionSize ?? 200),
      retryBaseDelayMs: consumer.retryBaseDelayMs ?? 100,
      retryMaxDelayMs: consumer.retryMaxDelayMs ?? 2000,
      heartbeatIntervalMs: Math.max(500, Math.floor(heartbeatIntervalMs / 2)),
    },
  };
}
