import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { generateOpaqueCredential, type EventEnvelope } from '@suite/contracts';
import { physicalTopicName } from '@suite/eventing';
import { createTestDatabase, uniqueTopicPrefix, type TestDatabase } from '@suite/testing';
import { createMessagingApp, loadMessagingEnvironment } from '../messaging.app';
import { feedWorkspaceReplicas } from './workspace-replicas';

export interface TestWorkspace {
  readonly companyId: string;
  readonly apiKey: string;
}

export interface MessagingTestApp {
  readonly app: INestApplication;
  readonly db: DataSource;
  readonly workspaces: TestWorkspace[];
  readonly internalToken: string;
  /** Every event read so far from the subscribed topics, in arrival order. */
  readonly events: EventEnvelope<string, unknown>[];
  close(): Promise<void>;
}

/**
 * Boots messaging on a fresh database and topic prefix, with `workspaces` workspaces and an API
 * key each fed the production way (`company.created` and `credential.issued` through the outbox,
 * Kafka and the replica handlers), and a Kafka reader of `topics`.
 */
export async function startMessagingTestApp(options: {
  name: string;
  workspaces: number;
  topics: readonly string[];
  env?: Record<string, string>;
}): Promise<MessagingTestApp> {
  const internalToken = 'i'.repeat(40);
  const prefix = uniqueTopicPrefix(options.name);
  const database: TestDatabase = await createTestDatabase(options.name.replace(/-/g, '_'));
  const app = await createMessagingApp(
    loadMessagingEnvironment({
      ...process.env,
      DATABASE_URL: database.url,
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_TOPIC_PARTITIONS: '1',
      INTERNAL_API_TOKEN: internalToken,
      LOG_LEVEL: 'silent',
      PORT: '0',
      ...options.env,
    }),
  );
  await app.init();
  const db = app.get(DataSource);

  const first = 700_000_000 + Math.floor(Math.random() * 1_000_000);
  const workspaces = Array.from({ length: options.workspaces }, (_, index) => ({
    companyId: String(first + index),
    apiKey: generateOpaqueCredential('api_key'),
  }));
  await feedWorkspaceReplicas(app, workspaces);

  const events: EventEnvelope<string, unknown>[] = [];
  const kafka = new Kafka({
    clientId: `${options.name}-test`,
    brokers: (process.env.KAFKA_BROKERS ?? '').split(','),
    logLevel: logLevel.NOTHING,
  });
  const consumer: Consumer = kafka.consumer({ groupId: `${prefix}test-reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topics: options.topics.map((topic) => physicalTopicName(prefix, topic)), fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      events.push(JSON.parse(message.value?.toString() ?? '{}') as EventEnvelope<string, unknown>);
    },
  });

  return {
    app,
    db,
    workspaces,
    internalToken,
    events,
    async close() {
      await consumer.disconnect();
      await app.close();
      await database.drop();
    },
  };
}
