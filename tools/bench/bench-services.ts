import {
  createTestDatabase,
  provideKafka,
  providePostgres,
  uniqueTopicPrefix,
  type ProvidedKafka,
  type ProvidedPostgres,
} from '@suite/testing';
import { Kafka, logLevel } from 'kafkajs';

export interface BenchServices {
  databaseUrl: string;
  brokers: string[] | null;
  topicPrefix: string;
  describe: string;
  cleanup(): Promise<void>;
}

/**
 * PostgreSQL (DATABASE_URL or an embedded server) with a throwaway database, and Kafka
 * (KAFKA_BROKERS or a local broker) unless the in-process transport is measured. Everything
 * created here is removed by cleanup(), including the topics on a shared cluster.
 */
export async function provideBenchServices(withKafka: boolean, databasePrefix = 'bench_events'): Promise<BenchServices> {
  const started: Array<ProvidedPostgres | ProvidedKafka> = [];
  try {
    const [postgres, kafka] = await Promise.all([providePostgres(), withKafka ? provideKafka() : Promise.resolve(null)]);
    started.push(postgres, ...(kafka ? [kafka] : []));
    // createTestDatabase() creates the database on the server DATABASE_URL names.
    process.env.DATABASE_URL = postgres.url;
    const database = await createTestDatabase(databasePrefix);
    const topicPrefix = uniqueTopicPrefix('bench');
    return {
      databaseUrl: database.url,
      brokers: kafka?.brokers ?? null,
      topicPrefix,
      describe: `PostgreSQL from ${postgres.source}, ${kafka ? `Kafka from ${kafka.source} (${kafka.brokers.join(',')})` : 'in-process transport'}`,
      cleanup: async () => {
        if (kafka?.source === 'env') await deleteTopics(kafka.brokers, topicPrefix).catch(() => undefined);
        await database.drop().catch(() => undefined);
        await Promise.allSettled(started.map((service) => service.stop()));
      },
    };
  } catch (error) {
    await Promise.allSettled(started.map((service) => service.stop()));
    throw error;
  }
}

async function deleteTopics(brokers: string[], prefix: string): Promise<void> {
  const admin = new Kafka({ clientId: 'bench-cleanup', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
