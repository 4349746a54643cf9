import type { EventEnvelope } from '@suite/contracts';

/** One outbox row on its way out. `topic` is logical; the transport adds the prefix. */
export interface OutboundMessage {
  readonly topic: string;
  /** The subject: Kafka partitions by it, so one subject's events keep their order. */
  readonly key: string;
  /** The envelope as JSON, exactly as stored in the outbox. */
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface InboundMessage {
  /** Logical topic (prefix removed), what handlers declare. */
  readonly topic: string;
  /** Name on the transport, for dead-letter headers. */
  readonly physicalTopic: string;
  readonly partition: number;
  readonly offset: string;
  readonly key: string | null;
  readonly value: string | null;
  /** The value bytes as received, so a dead-lettered message is kept byte for byte. */
  readonly rawValue?: Buffer | null;
  readonly headers: Readonly<Record<string, string>>;
}

/** What a consumer may do with the batch it was given; the transport maps it to its own acks. */
export interface InboundBatchContext {
  heartbeat(): Promise<void>;
  /** Marks this offset and everything before it (same partition) as done. */
  resolveOffset(offset: string): void;
  commitOffsets(): Promise<void>;
  /** False once the consumer is stopping or the partition moved elsewhere: stop early. */
  isActive(): boolean;
}

export type InboundBatchHandler = (messages: readonly InboundMessage[], context: InboundBatchContext) => Promise<void>;

export interface DeadLetter {
  readonly message: InboundMessage;
  readonly envelope: EventEnvelope | null;
  readonly error: string;
  readonly attempts: number;
}

export interface TransportHealth {
  readonly up: boolean;
  readonly kind: 'kafka' | 'in-process';
  readonly [detail: string]: unknown;
}

/**
 * The only thing the outbox relay and the consumer know about delivery. Kafka in production,
 * an in-process bus in embedded mode; chosen by configuration, invisible to the domain.
 */
export interface EventTransport {
  readonly kind: 'kafka' | 'in-process';
  /** Registers the app's consumer; call before start(). One per transport. */
  subscribe(topics: readonly string[], handler: InboundBatchHandler): void;
  /**
   * Returns promptly; connecting to a broker continues in the background so the app boots
   * (and writes its outbox) while Kafka is away. `ready()` says when consuming began.
   */
  start(): Promise<void>;
  ready(): Promise<void>;
  /**
   * Resolves once every message is durably accepted, in order per key; rejects otherwise. Rejects
   * with PermanentPublishError only when a message can never be accepted; anything else (the
   * broker is away, a consumer is offline) is worth retrying.
   */
  publish(messages: readonly OutboundMessage[]): Promise<void>;
  /** Parks a message the consumer gave up on. Rejecting makes the consumer retry later. */
  deadLetter(letter: DeadLetter): Promise<void>;
  /**
   * Asks the broker whether it is reachable (Kafka: describeCluster, bounded). May take seconds, so
   * only the background TransportWatch calls it; readiness reads the watch's last answer.
   */
  healthCheck(): Promise<TransportHealth>;
  /** Stops consuming after the in-flight work; publishing still works (for the final flush). */
  stopConsuming(): Promise<void>;
  /** Stops everything and releases connections. Bounded in time, safe before start() finished. */
  stop(): Promise<void>;
}

/**
 * Publishing cannot succeed until a consumer comes back (embedded mode, an app of the
 * process is stopped). Retrying soon is pointless; flush() gives up at once on it and the
 * rows stay in the outbox for the next start.
 */
export class ConsumerOfflineError extends Error {
  override readonly name = 'ConsumerOfflineError';
}

/**
 * At least one of the messages given to publish() can never be accepted, however often it is
 * retried (Kafka: larger than the topic's max.message.bytes, refused by the broker's record
 * validation). The relay then publishes that slice message by message and sets aside the ones
 * refused this way (decision 0020). A transport that cannot tell must not throw it: an outage
 * reported as permanent would set events aside instead of waiting for the broker.
 */
export class PermanentPublishError extends Error {
  override readonly name = 'PermanentPublishError';
}
