import { randomBytes } from 'node:crypto';
import { loadMessagingEnvironment } from '@suite/messaging-app';
import { findFreePort } from '@suite/testing';
import type { ChildServer } from '../child-server';
import { startMessagingProcess } from '../messaging-process';
import type { DrainSettings } from './drain-settings';

export interface DrainReplicas {
  readonly replicas: ChildServer[];
  readonly internalToken: string;
  stop(): Promise<void>;
}

/**
 * Two messaging processes (dist/apps/messaging/src/main.js, as `npm run start:messaging` runs it)
 * on one database, each with its release scheduler and outbox relay: two pods, each with the heap
 * a pod of the Deployment gets (DRAIN_SETTINGS.heapMb). Sandbox carrier
 * with no hand-off latency and receipts `deliveryDelayMs` after acceptance, through the signed
 * callback path as usual; few are pending at once.
 */
export async function startDrainReplicas(options: {
  databaseUrl: string;
  brokers: string[];
  topicPrefix: string;
  settings: DrainSettings;
}): Promise<DrainReplicas> {
  const internalToken = randomBytes(24).toString('hex');
  const replicas: ChildServer[] = [];
  const stop = () => Promise.all(replicas.map((replica) => replica.stop())).then(() => undefined);
  try {
    // One after the other: the first runs the migrations on the empty database.
    for (const name of ['replica-a', 'replica-b']) {
      const port = await findFreePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        KAFKA_BROKERS: options.brokers.join(','),
        KAFKA_TOPIC_PREFIX: options.topicPrefix,
        INTERNAL_API_TOKEN: internalToken,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        MESSAGING_CARRIER: 'sandbox',
        MESSAGING_SCHEDULER_ENABLED: 'true',
        MESSAGING_SANDBOX_SEND_DELAY_MS: '0',
        MESSAGING_SANDBOX_DELIVERY_DELAY_MS: String(options.settings.deliveryDelayMs),
        ...(options.settings.batchSize ? { MESSAGING_SCHEDULER_BATCH_SIZE: options.settings.batchSize } : {}),
        ...(options.settings.concurrency ? { MESSAGING_SCHEDULER_CONCURRENCY: options.settings.concurrency } : {}),
      };
      loadMessagingEnvironment(env);
      replicas.push(await startMessagingProcess(name, port, env, [`--max-old-space-size=${options.settings.heapMb}`]));
    }
    return { replicas, internalToken, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
