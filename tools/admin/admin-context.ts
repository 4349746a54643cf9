import type { INestApplication } from '@nestjs/common';
import { APPS } from '@suite/contracts';
import { holdInProcessDelivery, OutboxRelay } from '@suite/eventing';
import { embeddedDataDir } from '../embedded/embedded-database';
import {
  embeddedAuthSecrets,
  embeddedInternalToken,
  embeddedMessagingSecrets,
  embeddedPlatformSecrets,
  existingEmbeddedSecrets,
} from '../embedded/local-secrets';
import { resolveDatabaseUrl } from '../embedded/resolve-database-url';
import { SUITE_APPS, type SuiteApp } from '../suite-apps';
import type { AdminApps } from './admin-operations';

export interface AdminContext extends AdminApps {
  /** Publishes what the apps committed, then closes them and releases the database. */
  close(): Promise<void>;
}

/**
 * The apps, in this process, against the database `npm start` uses: DATABASE_URL, else the
 * embedded server (reused when `npm start` runs, started and stopped here when not). They are
 * initialised but never listen, and log nothing (LOG_LEVEL=silent).
 *
 * Which apps: with KAFKA_BROKERS, platform, auth and messaging (whose sender pool the CLI
 * manages; it joins messaging's consumer group while it runs) — every other consumer reads Kafka. Without
 * it events travel on an in-process bus, and whichever process holds a schema's relay leadership
 * delivers that schema's outbox to its own apps' consumers only. Alone, the CLI holds every
 * leadership, so it runs all four apps: the company, user and credential events then reach every
 * app's replicas before it exits (it flushes the relays). Next to a running `npm start`, that
 * process's relays lead and deliver the CLI's events to its own four apps — exactly right; the
 * CLI's relays stay standbys.
 */
export async function openAdminContext(): Promise<AdminContext> {
  const database = await resolveDatabaseUrl();
  const dataDir = embeddedDataDir();
  const kafka = process.env.KAFKA_BROKERS ?? '';
  const secrets = process.env.DATABASE_URL
    ? await existingEmbeddedSecrets(dataDir)
    : {
        INTERNAL_API_TOKEN: await embeddedInternalToken(dataDir),
        ...(await embeddedAuthSecrets(dataDir)),
        ...(await embeddedPlatformSecrets(dataDir)),
        ...(await embeddedMessagingSecrets(dataDir)),
      };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...secrets,
    DATABASE_URL: database.url,
    KAFKA_BROKERS: kafka,
    AUTH_ISSUER: process.env.AUTH_ISSUER ?? `http://127.0.0.1:${process.env.AUTH_PORT ?? APPS.auth.defaultPort}`,
    LOG_LEVEL: 'silent',
    PORT: '0',
  };
  const wanted: readonly SuiteApp[] = kafka ? SUITE_APPS.filter((app) => app.name !== 'webhook-dispatch') : SUITE_APPS;

  const running: Array<{ name: string; app: INestApplication }> = [];
  const closeAll = async () => {
    for (const { app } of running.reverse()) await app.close().catch(() => undefined);
    await database.release();
  };
  // No app may publish before every consumer in this process has subscribed.
  const releaseDelivery = holdInProcessDelivery();
  try {
    for (const suiteApp of wanted) {
      const app = await suiteApp.createApp(suiteApp.loadEnvironment(env));
      running.push({ name: suiteApp.name, app });
      await app.init();
    }
  } catch (error) {
    releaseDelivery();
    await closeAll();
    throw error;
  }
  releaseDelivery();

  const byName = (name: string) => running.find((entry) => entry.name === name)!.app;
  return {
    platform: byName('platform'),
    auth: byName('auth'),
    messaging: byName('messaging'),
    close: async () => {
      // Like npm start's shutdown: every relay hands its events over while all consumers still run.
      await Promise.allSettled(running.map(({ app }) => app.get(OutboxRelay).flush(15_000)));
      await closeAll();
    },
  };
}
