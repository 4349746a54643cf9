import type { INestApplication } from '@nestjs/common';
import { APPS, type AppName } from '@suite/contracts';
import { AUTH_ENTITIES, authMigrations, createAuthApp, loadAuthEnvironment } from '@suite/auth-app';
import { MESSAGING_ENTITIES, createMessagingApp, loadMessagingEnvironment, messagingMigrations } from '@suite/messaging-app';
import { PLATFORM_ENTITIES, createPlatformApp, loadPlatformEnvironment, platformMigrations } from '@suite/platform-app';
import {
  WEBHOOK_DISPATCH_ENTITIES,
  createWebhookDispatchApp,
  loadWebhookDispatchEnvironment,
  webhookDispatchMigrations,
} from '@suite/webhook-dispatch-app';
import type { AppDatabaseConfig } from '@suite/database';
import type { BaseEnvironment } from '@suite/config';

/** Everything the launcher and the migration tools need to know about one app. */
export interface SuiteApp {
  name: AppName;
  schema: string;
  /** Variable that overrides the app's port in embedded mode (`PORT` would be ambiguous there). */
  portVariable: string;
  entities: AppDatabaseConfig['entities'];
  migrations: AppDatabaseConfig['migrations'];
  /** Where generated migrations are written, relative to the repository root. */
  migrationsDir: string;
  loadEnvironment: (env: NodeJS.ProcessEnv) => BaseEnvironment;
  createApp: (env: BaseEnvironment) => Promise<INestApplication>;
}

const describe = (
  name: AppName,
  parts: Pick<SuiteApp, 'entities' | 'migrations'> & {
    load: (env: NodeJS.ProcessEnv) => BaseEnvironment;
    create: (env: never) => Promise<INestApplication>;
  },
): SuiteApp => ({
  name,
  schema: APPS[name].schema,
  portVariable: `${name.replace('-', '_').toUpperCase()}_PORT`,
  entities: parts.entities,
  migrations: parts.migrations,
  migrationsDir: `apps/${name}/src/database/migrations`,
  loadEnvironment: parts.load,
  createApp: parts.create as (env: BaseEnvironment) => Promise<INestApplication>,
});

/** The four apps in start order: platform first, since the others replicate its companies. */
export const SUITE_APPS: readonly SuiteApp[] = [
  describe('platform', {
    entities: PLATFORM_ENTITIES,
    migrations: platformMigrations,
    load: loadPlatformEnvironment,
    create: createPlatformApp,
  }),
  describe('auth', { entities: AUTH_ENTITIES, migrations: authMigrations, load: loadAuthEnvironment, create: createAuthApp }),
  describe('messaging', {
    entities: MESSAGING_ENTITIES,
    migrations: messagingMigrations,
    load: loadMessagingEnvironment,
    create: createMessagingApp,
  }),
  describe('webhook-dispatch', {
    entities: WEBHOOK_DISPATCH_ENTITIES,
    migrations: webhookDispatchMigrations,
    load: loadWebhookDispatchEnvironment,
    create: createWebhookDispatchApp,
  }),
];

export function findSuiteApp(name: string): SuiteApp {
  const app = SUITE_APPS.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`Unknown app "${name}"; expected one of ${SUITE_APPS.map((a) => a.name).join(', ')}`);
  return app;
}
