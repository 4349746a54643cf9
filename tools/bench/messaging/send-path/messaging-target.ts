import { randomBytes } from 'node:crypto';
import { loadMessagingEnvironment } from '@suite/messaging-app';
import { findFreePort, GENEROUS_RATE_LIMITS_ENV } from '@suite/testing';
import type { BenchServices } from '../../bench-services';
import type { ChildServer } from '../child-server';
import { startMessagingProcess } from '../messaging-process';
import { seedWorkspace, type SeededWorkspace } from './workspace-seed';

export interface MessagingTarget {
  server: ChildServer;
  workspace: SeededWorkspace;
  /** The app's DATABASE_POOL_SIZE, which the baseline copies. */
  poolSize: number;
  stop(): Promise<void>;
}

/**
 * The messaging app as `npm run start:messaging` runs it (dist/apps/messaging/src/main.js, its own
 * process) on 127.0.0.1, with its relay publishing to the benchmark's Kafka and a seeded workspace.
 */
export async function startMessaging(
  services: BenchServices & { brokers: string[] },
  /** Variables over the ones set here (RATE_LIMITS_ENABLED=false, say). */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<MessagingTarget> {
  const port = await findFreePort();
  const internalToken = randomBytes(24).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: services.databaseUrl,
    KAFKA_BROKERS: services.brokers.join(','),
    KAFKA_TOPIC_PREFIX: services.topicPrefix,
    INTERNAL_API_TOKEN: internalToken,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // One credential at full speed: limits on (their cost counted, bench:rate-limits isolates it) but never reached.
    ...GENEROUS_RATE_LIMITS_ENV,
    // Only the send path is measured: no release scheduler, should the app have one that honours this.
    MESSAGING_SCHEDULER_ENABLED: 'false',
    ...extraEnv,
  };
  // Validates the environment here (a clear message rather than a dead child) and reads the pool size.
  const poolSize = loadMessagingEnvironment(env).DATABASE_POOL_SIZE;
  const server = await startMessagingProcess('messaging', port, env);
  try {
    const workspace = await seedWorkspace({
      appUrl: server.url,
      databaseUrl: services.databaseUrl,
      brokers: services.brokers,
      topicPrefix: services.topicPrefix,
      internalToken,
      timeoutMs: 60_000,
    });
    return { server, workspace, poolSize, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nmessaging output:\n${server.output()}`);
  }
}
