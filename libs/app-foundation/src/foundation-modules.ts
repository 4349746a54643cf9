import type { DynamicModule } from '@nestjs/common';
import { AUTHZ_ENTITIES, AuthzModule, RATE_LIMIT_ENTITIES, type RateLimitPolicy } from '@suite/authz';
import type { BaseEnvironment } from '@suite/config';
import type { AppDescriptor } from '@suite/contracts';
import type { AppDatabaseConfig } from '@suite/database';
import { EventingHealth, EventingModule, eventingEntities, type EventingEnvironment } from '@suite/eventing';
import { coreModules } from '@suite/http';
import { JobsModule, jobsEntities } from '@suite/jobs';
import { HealthModule } from '@suite/observability';

/**
 * The tables every app that runs jobs keeps beside its features': the authz replicas, the rate
 * limit buckets, the outbox/inbox and the jobs. An app's entity list (which the migration tools
 * read too) is its features' entities and these.
 */
export const FOUNDATION_ENTITIES = [...AUTHZ_ENTITIES, ...RATE_LIMIT_ENTITIES, ...eventingEntities, ...jobsEntities];

export interface FoundationOptions {
  app: AppDescriptor;
  env: BaseEnvironment & EventingEnvironment;
  /** The app's whole entity list: its features' and FOUNDATION_ENTITIES. */
  entities: AppDatabaseConfig['entities'];
  migrations: AppDatabaseConfig['migrations'];
  /** The app's default budgets (each RATE_LIMIT_* variable replaces one). */
  rateLimits: RateLimitPolicy;
}

/**
 * What messaging, the platform and webhook-dispatch import before their features, in this order:
 * the core modules (environment, logging, database, metrics, clock), eventing, health with the
 * events probe, the app's jobs, and authz (after the core modules and eventing, as it needs both).
 * Each app wrote this same list; an app adds only what is its own.
 */
export function foundationModules(options: FoundationOptions): DynamicModule[] {
  const { app, env } = options;
  return [
    ...coreModules({
      appName: app.name,
      env,
      schema: app.schema,
      entities: options.entities,
      migrations: options.migrations,
    }),
    // Handlers are found, not listed: the providers with @OnEvent methods (the authz replicas' in AuthzModule).
    EventingModule.forEnvironment(env, { appName: app.name, schema: app.schema }),
    HealthModule.forRoot({ probes: { events: EventingHealth } }),
    JobsModule.forRoot({ appName: app.name, schema: app.schema }),
    AuthzModule.forRoot({ rateLimits: options.rateLimits }),
  ];
}
