import type { OutboxRecord } from '../outbox/outbox-relay-store';
import type { EventingLogger } from '../support/eventing-logger';

export interface EventingKafkaOptions {
  brokers: readonly string[];
  /** Default: the app name. */
  clientId?: string;
  /** Namespace for topics and the consumer group (KAFKA_TOPIC_PREFIX). */
  topicPrefix?: string;
  /** For topics this app creates (KAFKA_TOPIC_PARTITIONS, default 6). */
  partitions?: number;
  /** KAFKA_REPLICATION_FACTOR, default 1. */
  replicationFactor?: number;
  /** Partitions one consumer works on at once (each in its own transaction). Default 3. */
  partitionsConsumedConcurrently?: number;
  /** KAFKA_SESSION_TIMEOUT_MS: how long the group waits for a silent member (a killed pod). Default 10000. */
  sessionTimeoutMs?: number;
  /** Default a third of the session timeout, at most 1000. */
  heartbeatIntervalMs?: number;
  /**
   * A send (the producer's connection included) that has not been acknowledged within this long
   * fails, and its producer is replaced: the relay then counts a failure and backs off. Default 10000.
   */
  sendTimeoutMs?: number;
}

export interface EventingRelayTuning {
  /** Outbox rows per claim/publish/mark transaction (sent in slices of at most 512 KiB). Default 1000. */
  batchSize?: number;
  /** See OutboxOptions.notifyDebounceMs. Default 10 ms. */
  notifyDebounceMs?: number;
  /** See OutboxRelayOptions.busyPollMs / busyWindowMs. Defaults 10 ms / 500 ms. */
  busyPollMs?: number;
  busyWindowMs?: number;
  retentionMs?: number;
  inboxRetentionMs?: number;
  purgeIntervalMs?: number;
  maxBackoffMs?: number;
  standbyRetryMs?: number;
  /** Test-only fault injection; see OutboxRelayOptions.afterPublish. */
  afterPublish?: (batch: readonly OutboxRecord[]) => Promise<void>;
}

export interface EventingConsumerTuning {
  /** Events applied per database transaction on the happy path. Default 200. */
  maxTransactionSize?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
}

/** What an app states about its eventing; everything but the first four has a default. */
export interface EventingSettings {
  appName: string;
  /** The app's PostgreSQL schema (its DataSource `schema`), where outbox/inbox live. */
  schema: string;
  /** null: embedded mode, events go through the in-process bus. */
  kafka: EventingKafkaOptions | null;
  /** Consumer group; default the app name. */
  groupId?: string;
  /** Prefix in embedded mode (Kafka mode uses kafka.topicPrefix). */
  topicPrefix?: string;
  /** Handler attempts before dead-lettering (EVENT_MAX_ATTEMPTS). Default 5. */
  maxAttempts?: number;
  /** Relay polling fallback when no NOTIFY arrives. Default 1000 ms. */
  pollIntervalMs?: number;
  /** Logical topics to create at start besides the handled ones. Default: every catalog topic. */
  topics?: readonly string[];
  /** How long shutdown tries to publish what is left in the outbox. Default 5000 ms. */
  shutdownFlushTimeoutMs?: number;
  /**
   * Readiness turns false once the relay, as the leader, has been failing for longer than this
   * (EVENT_RELAY_UNHEALTHY_AFTER_MS). Default 60000 ms.
   */
  relayUnhealthyAfterMs?: number;
  relay?: EventingRelayTuning;
  consumer?: EventingConsumerTuning;
  logger?: EventingLogger;
}
