import { APPS, HEALTH_PATHS } from '@suite/contracts';
import { loadWebhookDispatchEnvironment } from '@suite/webhook-dispatch-app';
import { findFreePort } from '@suite/testing';
import type { BenchServices } from '../bench-services';
import { startChildServer, type ChildServer } from '../messaging/child-server';

export interface DispatchProcess {
  server: ChildServer;
  /** The schema of its tables and outbox. */
  schema: string;
  /** The variables the bench set or passed through, to print (WEBHOOKS_* and BENCH_APP_ENV's). */
  tuning: Record<string, string>;
  timeoutMs: number;
}

/**
 * BENCH_APP_ENV="WEBHOOKS_CONCURRENCY=32 DATABASE_POOL_SIZE=20": variables for the app alone,
 * space-separated; they win over the bench's own settings.
 */
export function appEnvOverrides(): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const pair of (process.env.BENCH_APP_ENV ?? '').split(/\s+/).filter(Boolean)) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw new Error(`BENCH_APP_ENV: "${pair}" is not NAME=value`);
    overrides[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return overrides;
}

/**
 * webhook-dispatch as `npm run start:webhook-dispatch` runs it (dist/apps/webhook-dispatch/src/main.js,
 * its own process) on 127.0.0.1, trusting the bench's token issuer and allowed to POST to loopback
 * over http. The bench's environment reaches it whole, so WEBHOOKS_* (and any other app variable)
 * set on the command line tune it; BENCH_APP_ENV adds variables for it alone; BENCH_APP_NODE_ARGS
 * reaches its node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
export async function startDispatchProcess(
  services: BenchServices & { brokers: string[] },
  auth: { issuer: string; jwksUrl: string },
): Promise<DispatchProcess> {
  const port = await findFreePort();
  const overrides = appEnvOverrides();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WEBHOOKS_ALLOWED_PRIVATE_CIDRS: process.env.WEBHOOKS_ALLOWED_PRIVATE_CIDRS ?? '127.0.0.0/8',
    DATABASE_URL: services.databaseUrl,
    KAFKA_BROKERS: services.brokers.join(','),
    KAFKA_TOPIC_PREFIX: services.topicPrefix,
    AUTH_ISSUER: auth.issuer,
    AUTH_JWKS_URL: auth.jwksUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ...overrides,
  };
  // Validates the environment here: a clear message rather than a dead child.
  const parsed = loadWebhookDispatchEnvironment(env);
  const tuning = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        (entry[0].startsWith('WEBHOOKS_') || entry[0] in overrides) && typeof entry[1] === 'string',
    ),
  );
  const server = await startChildServer({
    name: 'webhook-dispatch',
    script: 'apps/webhook-dispatch/src/main.js',
    port,
    readyPath: HEALTH_PATHS.ready,
    nodeArgs: (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean),
    timeoutMs: 60_000,
    env,
  });
  return { server, schema: APPS['webhook-dispatch'].schema, tuning, timeoutMs: parsed.WEBHOOKS_TIMEOUT_MS };
}
