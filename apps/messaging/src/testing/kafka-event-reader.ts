import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { EventEnvelope } from '@suite/contracts';
import { physicalTopicName } from '@suite/eventing';
import { eventually } from '@suite/testing';

/** Events read from Kafka by a spec, in arrival order, and a way to wait for the ones it expects. */
export interface KafkaEventReader<Data = unknown> {
  /** Every event read so far from the subscribed topics, in arrival order. */
  readonly events: Array<EventEnvelope<string, Data>>;
  /**
   * Resolves with the events `matches` picks once there are at least `count` (default 1) of them;
   * fails after `timeoutMs` (default 30 s) naming `what`.
   */
  waitFor(
    matches: (event: EventEnvelope<string, Data>) => boolean,
    options?: { count?: number; what?: string; timeoutMs?: number },
  ): Promise<Array<EventEnvelope<string, Data>>>;
  close(): Promise<void>;
}

/**
 * Reads `topics` (logical names, under `topicPrefix`) from the beginning with a throwaway
 * consumer group, into `events`, until closed. No topics, no consumer: `events` stays empty.
 */
export async function readKafkaEvents<Data = unknown>(options: {
  topicPrefix: string;
  topics: readonly string[];
  brokers?: readonly string[];
}): Promise<KafkaEventReader<Data>> {
  const events: Array<EventEnvelope<string, Data>> = [];
  const waitFor: KafkaEventReader<Data>['waitFor'] = (
    matches,
    { count = 1, what = `${count} matching event(s) on Kafka`, timeoutMs } = {},
  ) =>
    eventually(
      async () => events.filter(matches),
      (found) => found.length >= count,
      { what, ...(timeoutMs === undefined ? {} : { timeoutMs }) },
    );
  if (options.topics.length === 0) return { events, waitFor, close: async () => undefined };
  const kafka = new Kafka({
    clientId: `${options.topicPrefix}test-reader`,
    brokers: [...(options.brokers ?? (process.env.KAFKA_BROKERS ?? '').split(','))],
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: `${options.topicPrefix}test-reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({
    topics: options.topics.map((topic) => physicalTopicName(options.topicPrefix, topic)),
    fromBeginning: true,
  });
  await consumer.run({
    eachMessage: async ({ message }) => {
      events.push(JSON.parse(message.value?.toString() ?? '{}') as EventEnvelope<string, Data>);
    },
  });
  return { events, waitFor, close: () => consumer.disconnect() };
}
