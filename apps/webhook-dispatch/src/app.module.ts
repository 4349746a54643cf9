import { Module, type DynamicModule } from '@nestjs/common';
import { AUTHZ_ENTITIES, AuthzModule } from '@suite/authz';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { coreModules, entitiesOf, HealthModule } from '@suite/runtime';
import type { WebhookDispatchEnvironment } from './config/webhook-dispatch-environment';
import { webhookDispatchMigrations } from './database/migrations';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The app's features, each a @FeatureModule owning its tables and routes (docs/adding-a-feature.md). */
export const WEBHOOK_DISPATCH_FEATURES = [WebhooksModule];

export const WEBHOOK_DISPATCH_ENTITIES = [...entitiesOf(WEBHOOK_DISPATCH_FEATURES), ...AUTHZ_ENTITIES, ...eventingEntities];

@Module({})
export class AppModule {
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
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
        AuthzModule.forRoot(),
        ...WEBHOOK_DISPATCH_FEATURES,
      ],
    };
  }
}
