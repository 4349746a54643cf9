import { randomBytes } from 'node:crypto';
import { APPS, HEALTH_PATHS } from '@suite/contracts';
import { loadPlatformEnvironment } from '@suite/platform-app';
import { findFreePort } from '@suite/testing';
import type { BenchServices } from '../bench-services';
import { startChildServer, type ChildServer } from '../messaging/child-server';
import { appEnvOverrides } from '../webhooks/dispatch-process';

export interface PlatformProcess {
  server: ChildServer;
  /** The schema of its tables and outbox. */
  schema: string;
  /** Its DATABASE_POOL_SIZE, which the baseline copies. */
  poolSize: number;
}

/**
 * The platform as `npm run start:platform` runs it (dist/apps/platform/src/main.js, its own
 * process) on 127.0.0.1, trusting the bench's token issuer, its relay publishing to the bench's
 * Kafka. BENCH_APP_ENV adds variables for it alone; BENCH_APP_NODE_ARGS reaches its node.
 */
export async function startPlatformProcess(
  services: BenchServices & { brokers: string[] },
  auth: { issuer: string; jwksUrl: string },
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
    ...appEnvOverrides(),
  };
  // Validates the environment here (a clear message rather than a dead child) and reads the pool size.
  const poolSize = loadPlatformEnvironment(env).DATABASE_POOL_SIZE;
  const server = await startChildServer({
    name: 'platform',
    script: 'apps/platform/src/main.js',
    port,
    readyPath: HEALTH_PATHS.ready,
    nodeArgs: (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean),
    timeoutMs: 60_000,
    env,
  });
  return { server, schema: APPS.platform.schema, poolSize };
}
