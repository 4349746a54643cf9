import { randomBytes } from 'node:crypto';
import { APPS, HEALTH_PATHS } from '@suite/contracts';
import { loadPlatformEnvironment } from '@suite/platform-app';
import { findFreePort, GENEROUS_RATE_LIMITS_ENV } from '@suite/testing';
import type { BenchRun } from '../bench-run';
import type { BenchServices } from '../bench-services';
import { startChildServer, type ChildServer } from '../messaging/child-server';
import { appEnvOverrides } from '../webhooks/dispatch-process';
import { EventWriter } from '../webhooks/event-writer';

export interface PlatformProcess {
  server: ChildServer;
  /** The schema of its tables and outbox. */
  schema: string;
  /** Its DATABASE_POOL_SIZE, which the baseline copies. */
  poolSize: number;
  /** Partitions of the topics it creates (KAFKA_TOPIC_PARTITIONS), which a baseline's topic copies. */
  partitions: number;
}

/** What a bench adds to the platform's process (a preloaded probe): node arguments and variables. */
export interface PlatformProcessExtras {
  nodeArgs?: string[];
  env?: Record<string, string>;
}

/**
 * The platform as `npm run start:platform` runs it (dist/apps/platform/src/main.js, its own
 * process) on 127.0.0.1, trusting the bench's token issuer, its relay publishing to the bench's
 * Kafka. BENCH_APP_ENV adds variables for it alone; BENCH_APP_NODE_ARGS reaches its node (after
 * `extras.nodeArgs`).
 */
export async function startPlatformProcess(
  services: BenchServices & { brokers: string[] },
  auth: { issuer: string; jwksUrl: string },
  extras: PlatformProcessExtras = {},
): Promise<PlatformProcess> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: services.databaseUrl,
    KAFKA_BROKERS: services.brokers.join(','),
    KAFKA_TOPIC_PREFIX: services.topicPrefix,
    AUTH_ISSUER: auth.issuer,
    AUTH_JWKS_URL: auth.jwksUrl,
    INTERNAL_API_TOKEN: randomBytes(24).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // One credential at full speed: limits on (their cost counted, bench:rate-limits isolates it) but never reached.
    ...GENEROUS_RATE_LIMITS_ENV,
    ...appEnvOverrides(),
    ...extras.env,
  };
  // Validates the environment here (a clear message rather than a dead child) and reads the pool size.
  const settings = loadPlatformEnvironment(env);
  const server = await startChildServer({
    name: 'platform',
    script: 'apps/platform/src/main.js',
    port,
    readyPath: HEALTH_PATHS.ready,
    nodeArgs: [...(extras.nodeArgs ?? []), ...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    timeoutMs: 60_000,
    env,
  });
  return {
    server,
    schema: APPS.platform.schema,
    poolSize: settings.DATABASE_POOL_SIZE,
    partitions: settings.KAFKA_TOPIC_PARTITIONS,
  };
}

/**
 * The platform of a bench run (startPlatformProcess), stopped when the run ends or earlier by
 * `stopApp` (a bench stops it before its baseline runs: its relay and jobs would take CPU), and an
 * EventWriter on its outbox; both added to the run's stops.
 */
export async function startBenchPlatform(
  { services, tokens, stops }: Pick<BenchRun, 'services' | 'tokens' | 'stops'>,
  extras: PlatformProcessExtras = {},
): Promise<{
  platform: PlatformProcess;
  stopApp: () => Promise<void>;
  writer: EventWriter;
}> {
  const platform = await startPlatformProcess(services, { issuer: tokens.issuer, jwksUrl: tokens.jwksUrl }, extras);
  let appRunning = true;
  const stopApp = async () => {
    if (!appRunning) return;
    appRunning = false;
    await platform.server.stop();
  };
  stops.unshift(stopApp);
  const writer = await EventWriter.open(services.databaseUrl, platform.schema);
  stops.unshift(() => writer.close());
  return { platform, stopApp, writer };
}
