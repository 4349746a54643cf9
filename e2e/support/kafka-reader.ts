import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';

export interface ReadMessage {
  partition: number;
  offset: string;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

/**
 * Everything on a topic right now: reads each partition from the beginning up to the high
 * watermark taken at the start, with a throwaway consumer group. For assertions about what was
 * (or was not) published.
 */
export async function readWholeTopic(brokers: string[], topic: string, timeoutMs = 20_000): Promise<ReadMessage[]> {
  const kafka = new Kafka({ clientId: 'e2e-reader', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const pending = new Map(offsets.filter((o) => o.high !== o.low).map((o) => [o.partition, BigInt(o.high)]));
  const messages: ReadMessage[] = [];
  if (pending.size === 0) return messages;

  const consumer = kafka.consumer({ groupId: `e2e-reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`reading ${topic} timed out`)), timeoutMs);
      void consumer.run({
        eachMessage: async ({ partition, message }) => {
          messages.push({
            partition,
            offset: message.offset,
            key: message.key?.toString() ?? null,
            value: message.value?.toString() ?? null,
            headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)])),
          });
          const high = pending.get(partition);
          if (high !== undefined && BigInt(message.offset) + 1n >= high) pending.delete(partition);
          if (pending.size === 0) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return messages;
}

export async function produceRaw(
  brokers: string[],
  topic: string,
  messages: Array<{ key: string; value: string }>,
): Promise<void> {
  const producer = new Kafka({ clientId: 'e2e-producer', brokers, logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  try {
    await producer.send({ topic, acks: -1, messages });
  } finally {
    await producer.disconnect();
  }
}

/** Event ids found in messages whose value is an envelope. */
export const envelopeIds = (messages: ReadMessage[]): string[] =>
  messages.flatMap((message) => {
    try {
      const parsed = JSON.parse(message.value ?? '') as { id?: unknown };
      return typeof parsed.id === 'string' ? [parsed.id] : [];
    } catch {
      return [];
    }
  });
