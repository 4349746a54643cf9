import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import request from 'supertest';
import { generateOpaqueCredential, Topics, type EventEnvelope, type MessageEventData } from '@suite/contracts';
import { physicalTopicName } from '@suite/eventing';
import type { MessagingOverrides } from '../../app.module';
import { createMessagingApp, loadMessagingEnvironment } from '../../messaging.app';
import { normalizePhone } from '../../shared/phone-number';
import { feedWorkspaceReplicas } from '../../testing/workspace-replicas';

/**
 * Shared by the release scheduler's integration specs: boot the app on the test database with a
 * fast scheduler, feed workspaces and API keys the production way (events through Kafka to the
 * replica handlers), read message events back from Kafka.
 */
export const INTERNAL_TOKEN = 'i'.repeat(40);

export interface TestWorkspace {
  readonly companyId: string;
  readonly apiKey: string;
  readonly numbers: readonly string[];
}

export async function bootMessaging(
  databaseUrl: string,
  prefix: string,
  overrides: MessagingOverrides,
  extra: Record<string, string> = {},
): Promise<INestApplication> {
  const app = await createMessagingApp(
    loadMessagingEnvironment({
      ...process.env,
      DATABASE_URL: databaseUrl,
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_TOPIC_PARTITIONS: '1',
      INTERNAL_API_TOKEN: INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      PORT: '0',
      MESSAGING_SCHEDULER_TICK_MS: '20',
      MESSAGING_SCHEDULER_SEND_TIMEOUT_MS: '2000',
      MESSAGING_SCHEDULER_CLAIM_TIMEOUT_MS: '5000',
      MESSAGING_SCHEDULER_RETRY_BASE_MS: '10',
      MESSAGING_SCHEDULER_RETRY_MAX_MS: '50',
      ...extra,
    }),
    overrides,
  );
  await app.init();
  return app;
}

/** A workspace id far from other runs' (company ids are bigints). */
export function newCompanyId(): string {
  return String(800_000_000 + Math.floor(Math.random() * 100_000_000));
}

/**
 * Creates the workspaces in the app's replicas through Kafka (company.created, credential.issued),
 * then their sender pools and settings through the internal API.
 */
export async function seedWorkspaces(
  app: INestApplication,
  workspaces: ReadonlyArray<TestWorkspace & { settings?: Record<string, unknown> }>,
): Promise<void> {
  await feedWorkspaceReplicas(app, workspaces);
  const http = request(app.getHttpServer());
  for (const workspace of workspaces) {
    for (const number of workspace.numbers) {
      await http
        .post(`/internal/workspaces/${workspace.companyId}/sender-numbers`)
        .set('x-internal-token', INTERNAL_TOKEN)
        .send({ number })
        .expect(201);
    }
    if (workspace.settings) {
      await request(app.getHttpServer())
        .put(`/internal/workspaces/${workspace.companyId}/settings`)
        .set('x-internal-token', INTERNAL_TOKEN)
        .send(workspace.settings)
        .expect(200);
    }
  }
}

export function newWorkspace(numbers: readonly string[]): TestWorkspace {
  return { companyId: newCompanyId(), apiKey: generateOpaqueCredential('api_key'), numbers };
}

const usedPhones = new Set<string>();
/**
 * A fresh valid New York (212) number; `lastDigit` picks the sandbox's behaviour (0–5 iPhone,
 * 6–7 Android, 8 SMS only, 9 landline).
 */
export function newPhone(lastDigit: number = Math.floor(Math.random() * 6)): string {
  for (;;) {
    const candidate = normalizePhone(`+1212${2_000_000 + Math.floor(Math.random() * 700_000) * 10 + lastDigit}`);
    if (candidate && !usedPhones.has(candidate)) {
      usedPhones.add(candidate);
      return candidate;
    }
  }
}

/** Reads messaging.message.v1 from the beginning into `events`. */
export async function messageEventReader(
  prefix: string,
): Promise<{ events: Array<EventEnvelope<string, MessageEventData>>; stop: () => Promise<void> }> {
  const events: Array<EventEnvelope<string, MessageEventData>> = [];
  const kafka = new Kafka({
    clientId: 'release-test',
    brokers: (process.env.KAFKA_BROKERS ?? '').split(','),
    logLevel: logLevel.NOTHING,
  });
  const consumer: Consumer = kafka.consumer({ groupId: `${prefix}release-reader-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic: physicalTopicName(prefix, Topics.messagingMessage), fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      events.push(JSON.parse(message.value?.toString() ?? '{}') as EventEnvelope<string, MessageEventData>);
    },
  });
  return { events, stop: () => consumer.disconnect() };
}
