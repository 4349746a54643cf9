import { Module, type DynamicModule } from '@nestjs/common';
import { AUTHZ_ENTITIES, AuthzModule, RATE_LIMIT_ENTITIES } from '@suite/authz';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { JobsModule, jobsEntities } from '@suite/jobs';
import { coreModules } from '@suite/http';
import { entitiesOf } from '@suite/database';
import { HealthModule } from '@suite/observability';
import type { WebhookDispatchEnvironment } from './webhook-dispatch-environment';
import { webhookDispatchMigrations } from './database/migrations';
import { CrmListsModule } from './crm-lists/crm-lists.module';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { TargetsModule } from './targets/targets.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { WEBHOOK_DISPATCH_RATE_LIMITS } from './config/rate-limits';

/** The app's features, each a @FeatureModule owning its tables and routes (docs/adding-a-feature.md). */
export const WEBHOOK_DISPATCH_FEATURES = [CrmListsModule, WebhooksModule, DeliveriesModule];

export const WEBHOOK_DISPATCH_ENTITIES = [
  ...entitiesOf(WEBHOOK_DISPATCH_FEATURES),
  ...AUTHZ_ENTITIES,
  ...RATE_LIMIT_ENTITIES,
  ...eventingEntities,
  ...jobsEntities,
];

@Module({})
export class AppModule {
  /** How target host names resolve is TargetsModule's (the system resolver); a test overrides TargetResolver (decision 0057). */
  static forRoot(env: WebhookDispatchEnvironment): DynamicModule {
    const app = APPS['webhook-dispatch'];
    return {
      module: AppModule,
      imports: [
        ...coreModules({
          appName: app.name,
          env,
          schema: app.schema,
          entities: WEBHOOK_DISPATCH_ENTITIES,
          migrations: webhookDispatchMigrations,
        }),
        EventingModule.forEnvironment(env, { appName: app.name, schema: app.schema }),
        JobsModule.forRoot({ appName: app.name, schema: app.schema }),
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
        AuthzModule.forRoot({ rateLimits: WEBHOOK_DISPATCH_RATE_LIMITS }),
        TargetsModule.forRoot(),
        ...WEBHOOK_DISPATCH_FEATURES,
      ],
    };
  }
}
