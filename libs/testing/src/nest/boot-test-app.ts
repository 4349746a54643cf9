import type { INestApplication } from '@nestjs/common';
import { GENEROUS_RATE_LIMITS_ENV } from '../util/rate-limits-env';
import { compileWithOverrides, type ProviderOverride } from './compile-with-overrides';

/**
 * What every app's integration harness runs with: its own database and topic prefix (one partition a
 * topic, so a subject's events arrive in one order), silent logs, any free port, and rate limits no
 * spec reaches by accident. The harness's own variables and the spec's go over these, process.env under.
 */
export function harnessEnvironment(databaseUrl: string, topicPrefix: string): Record<string, string> {
  return {
    ...GENEROUS_RATE_LIMITS_ENV,
    DATABASE_URL: databaseUrl,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    KAFKA_TOPIC_PARTITIONS: '1',
    LOG_LEVEL: 'silent',
    PORT: '0',
  };
}

/** An app's own factory (`createPlatformApp`, …): its environment, and how to compile the module. */
type AppFactory<Env> = (env: Env, build: { compile?: ReturnType<typeof compileWithOverrides> }) => Promise<INestApplication>;

/**
 * Builds the app through its own factory, as its main does, with `overrides` replaced by token
 * (decision 0057), and initialises it — workers, consumers and routes running, no port listened on
 * (supertest drives the server). Several boots on one database and prefix are replicas of one deployment.
 */
export async function bootTestApp<Env>(
  create: AppFactory<Env>,
  env: Env,
  overrides: readonly ProviderOverride[] = [],
): Promise<INestApplication> {
  const app = await create(env, { compile: compileWithOverrides(overrides) });
  await app.init();
  return app;
}
