import { randomBytes } from 'node:crypto';

/**
 * A KRaft cluster id as `kafka-storage random-uuid` prints it: 16 random bytes in
 * unpadded base64url (22 chars). Like Kafka's Uuid.randomUuid(), ids starting with '-'
 * are skipped because command-line parsers take them for options.
 */
export function randomKafkaClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}
