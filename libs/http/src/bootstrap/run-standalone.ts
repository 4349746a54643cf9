import type { INestApplication } from '@nestjs/common';
import type { BaseEnvironment } from '@suite/config';
import { listen } from './create-app';
import { onShutdownSignal, stopApp } from './graceful-shutdown';

/**
 * Entry point of one app as its own process (a pod, or `npm run start:<app>`): external
 * PostgreSQL from DATABASE_URL and Kafka from KAFKA_BROKERS. A bad environment stops start-up
 * with a message naming the variable.
 */
export function runStandalone<E extends BaseEnvironment>(options: {
  name: string;
  loadEnvironment: () => E;
  createApp: (env: E) => Promise<INestApplication>;
}): void {
  const start = async () => {
    const env = options.loadEnvironment();
    const app = await options.createApp(env);
    onShutdownSignal(() => stopApp(app, env.SHUTDOWN_TIMEOUT_MS));
    await listen(app, env.PORT, env.HOST, options.name);
  };
  start().catch((error: unknown) => {
    console.error(`${options.name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
