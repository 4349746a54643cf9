import './embedded/tracing';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { holdInProcessDelivery, OutboxRelay } from '@suite/eventing';
import { APPS } from '@suite/contracts';
import { drainHttp, listen, onShutdownSignal, runInAppContext } from '@suite/http';
import { flushLogs } from '@suite/observability';
import { EmbeddedDatabase, embeddedDataDir, embeddedPort } from './embedded/embedded-database';
import {
  embeddedAuthSecrets,
  embeddedInternalToken,
  embeddedMessagingSecrets,
  embeddedPlatformSecrets,
} from './embedded/local-secrets';
import { SUITE_APPS } from './suite-apps';
import { bootstrapOnFirstStart } from './admin/first-start';
import { readyBanner } from './embedded/ready-banner';
import { embeddedWebhookTargets } from './embedded/webhook-targets';

/**
 * `npm start`: the whole suite in one process. Each app keeps its own Nest container, port,
 * schema and outbox; without KAFKA_BROKERS their events travel through the in-process bus
 * by the same outbox and relay code. PostgreSQL is embedded unless DATABASE_URL is set.
 * Ctrl-C (or SIGTERM, SIGHUP) stops the apps (draining requests, consumers and relays), then the
 * database; any other end of this process stops the database too (embedded/embedded-database.ts).
 */
async function main(): Promise<void> {
  const started = Date.now();
  const dataDir = embeddedDataDir();
  const embedded = process.env.DATABASE_URL ? undefined : await EmbeddedDatabase.start({ dataDir, port: embeddedPort() });
  const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
  const internalToken = await embeddedInternalToken(dataDir);
  const authSecrets = await embeddedAuthSecrets(dataDir);
  const platformSecrets = await embeddedPlatformSecrets(dataDir);
  const messagingSecrets = await embeddedMessagingSecrets(dataDir);
  const host = process.env.HOST ?? '127.0.0.1';
  const { note: webhookTargetsNote, ...webhookTargets } = embeddedWebhookTargets(process.env);

  const running: INestApplication[] = [];
  const urls: Record<string, string> = {};
  let shutdownTimeout = 10_000;
  onShutdownSignal(async () => {
    // Apps consume each other's events, so stop in phases: no new requests anywhere, then
    // every relay hands its pending events over while all consumers still run, then close.
    // Each app's part runs in its context, so what it logs carries its name.
    await Promise.all(running.map((app) => runInAppContext(app, () => drainHttp(app, shutdownTimeout))));
    await Promise.allSettled(running.map((app) => runInAppContext(app, () => app.get(OutboxRelay).flush(shutdownTimeout))));
    for (const app of running) await runInAppContext(app, () => app.close());
    await embedded?.stop();
  });
  // Until every app has subscribed, in-process delivery waits: an event published by the
  // first app must not miss the consumers of the apps started after it.
  const releaseDelivery = holdInProcessDelivery();
  // Every app verifies access tokens against auth's issuer and JWKS, wherever auth listens.
  const authIssuer = process.env.AUTH_ISSUER ?? `http://127.0.0.1:${process.env.AUTH_PORT ?? APPS.auth.defaultPort}`;

  try {
    for (const suiteApp of SUITE_APPS) {
      const env = suiteApp.loadEnvironment({
        ...process.env,
        DATABASE_URL: databaseUrl,
        INTERNAL_API_TOKEN: internalToken,
        ...authSecrets,
        ...platformSecrets,
        ...messagingSecrets,
        // Captured email (no SMTP relay) beside the rest of this installation's data, wherever SUITE_DATA_DIR puts it.
        MESSAGING_MAIL_DIR: process.env.MESSAGING_MAIL_DIR ?? path.join(dataDir, 'mail'),
        // Loopback targets unless the user chose (a receiver on this machine works at once).
        ...webhookTargets,
        AUTH_ISSUER: authIssuer,
        HOST: host,
        PORT: process.env[suiteApp.portVariable] ?? '',
        KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '',
      });
      shutdownTimeout = env.SHUTDOWN_TIMEOUT_MS;
      const app = await suiteApp.createApp(env);
      running.push(app);
      urls[suiteApp.name] = (await listen(app, env.PORT, env.HOST, suiteApp.name)).replace('[::1]', '127.0.0.1');
    }
    releaseDelivery();
  } catch (error) {
    releaseDelivery();
    await Promise.allSettled(running.map((app) => app.close()));
    await embedded?.stop();
    throw error;
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // First start on an empty database: an admin and credentials to try the suite with.
  const appNamed = (name: string) => running[SUITE_APPS.findIndex((a) => a.name === name)]!;
  const [platform, auth, messaging] = [appNamed('platform'), appNamed('auth'), appNamed('messaging')];
  const firstStart = await bootstrapOnFirstStart(
    { platform, auth, messaging },
    { dataDir, urls: { auth: urls.auth!, platform: urls.platform!, messaging: urls.messaging! } },
  ).catch((error: unknown) => {
    console.error(
      `bootstrap failed (the suite keeps running; try \`npm run -s admin -- bootstrap\`): ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  });

  await flushLogs();
  process.stdout.write(
    readyBanner({
      seconds,
      database: embedded ? `embedded PostgreSQL (${dataDir})` : 'DATABASE_URL',
      events: process.env.KAFKA_BROKERS ? `Kafka ${process.env.KAFKA_BROKERS}` : 'in-process events',
      urls,
      firstStart,
      notes: webhookTargetsNote ? [webhookTargetsNote] : [],
      styled: process.stdout.isTTY === true && !process.env.NO_COLOR,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(`suite failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
