import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createMessagingApp, loadMessagingEnvironment } from '@suite/messaging-app';
import { createPlatformApp, loadPlatformEnvironment } from '@suite/platform-app';

/**
 * Two real apps of the suite — platform (producer of company events) and messaging (one of
 * their consumers) — each with its own Nest container, schema, outbox and inbox, on one
 * PostgreSQL database and, when `kafkaBrokers` is given, a real Kafka broker.
 */
export interface TwoApps {
  platform: INestApplication;
  messaging: INestApplication;
  internalToken: string;
  close(): Promise<void>;
}

export async function startTwoApps(options: {
  databaseUrl: string;
  kafkaBrokers: string[];
  topicPrefix: string;
}): Promise<TwoApps> {
  const internalToken = randomBytes(32).toString('hex');
  const env = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    KAFKA_BROKERS: options.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: options.topicPrefix,
    KAFKA_TOPIC_PARTITIONS: '3',
    EVENT_MAX_ATTEMPTS: '3',
    INTERNAL_API_TOKEN: internalToken,
    LOG_LEVEL: 'warn',
    PORT: '0',
  };
  const platform = await createPlatformApp(loadPlatformEnvironment(env));
  const messaging = await createMessagingApp(loadMessagingEnvironment(env));
  await platform.init();
  await messaging.init();
  return {
    platform,
    messaging,
    internalToken,
    close: async () => {
      await messaging.close();
      await platform.close();
    },
  };
}

export function createCompany(apps: TwoApps, name: string) {
  return request(apps.platform.getHttpServer())
    .post('/internal/companies')
    .set('x-internal-token', apps.internalToken)
    .send({ name });
}

export function renameCompany(apps: TwoApps, id: string, name: string) {
  return request(apps.platform.getHttpServer())
    .patch(`/internal/companies/${id}`)
    .set('x-internal-token', apps.internalToken)
    .send({ name });
}

export const dataSourceOf = (app: INestApplication): DataSource => app.get(DataSource);

/**
 * What messaging's read model and inbox hold for one company, read in one statement — one
 * snapshot: two queries could see a consumer's transaction commit between them (the name from
 * before it, the inbox from after).
 */
export async function messagingView(apps: TwoApps, companyId: string) {
  const [row] = (await dataSourceOf(apps.messaging).query(
    `SELECT (SELECT name FROM messaging.company_replica WHERE id = $1) AS name,
            coalesce((SELECT json_agg(event_id ORDER BY seq) FROM messaging.inbox WHERE subject = $2), '[]'::json) AS inbox`,
    [companyId, companyId],
  )) as Array<{ name: string | null; inbox: string[] }>;
  return { name: row?.name ?? null, inbox: row?.inbox ?? [] };
}

/** The ids platform's outbox holds for one company, in commit order. */
export async function platformOutbox(apps: TwoApps, companyId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await dataSourceOf(apps.platform).query(
    'SELECT id FROM platform.outbox WHERE subject = $1 ORDER BY seq',
    [companyId],
  );
  return rows.map((row) => row.id);
}
