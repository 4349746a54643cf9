import { Kafka, logLevel, type Producer } from 'kafkajs';
import type { CreatedContactEvent } from './contact-events-seed';

/**
 * The baseline's copy of the contact topic, created with the platform's partition count, and the
 * bench's producer on it: the bench plays the relay for the baseline (it has none), publishing each
 * batch's envelopes keyed by their contact as the platform's relay keys them by subject.
 */
export class BaselineTopic {
  private constructor(
    readonly name: string,
    private readonly producer: Producer,
  ) {}

  static async create(brokers: string[], name: string, partitions: number): Promise<BaselineTopic> {
    const kafka = new Kafka({ clientId: 'bench-workflows-driver', brokers, logLevel: logLevel.ERROR });
    const admin = kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic: name, numPartitions: partitions }], waitForLeaders: true });
    } finally {
      await admin.disconnect();
    }
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    return new BaselineTopic(name, producer);
  }

  async publish(events: readonly CreatedContactEvent[]): Promise<void> {
    await this.producer.send({
      topic: this.name,
      messages: events.map((event) => ({ key: event.contactId, value: event.envelope! })),
    });
  }

  async close(): Promise<void> {
    await this.producer.disconnect().catch(() => undefined);
  }
}
