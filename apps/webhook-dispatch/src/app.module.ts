import { Module, type DynamicModule } from '@nestjs/common';
import { AUTHZ_ENTITIES, AuthzModule } from '@suite/authz';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { coreModules, HealthModule } from '@suite/runtime';
import type { WebhookDispatchEnvironment } from './config/webhook-dispatch-environment';
import { webhookDispatchMigrations } from './database/migrations';

export const WEBHOOK_DISPATCH_ENTITIES = [...AUTHZ_ENTITIES, ...eventingEntities];

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
      ],
    };
  }
}
