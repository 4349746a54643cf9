import { deadLetterTopic } from '@suite/contracts';

/**
 * Physical names on the broker. The prefix gives test files and shared clusters their own
 * namespace; consumer groups carry it too, or two namespaces would share one group and
 * rebalance each other's partitions away.
 */
export function physicalTopicName(prefix: string, topic: string): string {
  return `${prefix}${topic}`;
}

/** The logical topic of a physical name, or null when it is outside this prefix. */
export function logicalTopicName(prefix: string, physical: string): string | null {
  return physical.startsWith(prefix) ? physical.slice(prefix.length) : null;
}

export function deadLetterTopicName(physicalTopic: string): string {
  return deadLetterTopic(physicalTopic);
}

export function consumerGroupId(prefix: string, group: string): string {
  return `${prefix}${group}`;
}

/** Channel the outbox NOTIFYs on commit; LISTENed by the relay of the same schema. */
export function outboxChannel(schema: string): string {
  return `${schema}_outbox`;
}
