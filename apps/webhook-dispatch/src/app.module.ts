import { Module, type DynamicModule } from '@nestjs/common';
import { FOUNDATION_ENTITIES, foundationModules } from '@suite/app-foundation';
import { APPS } from '@suite/contracts';
import { entitiesOf } from '@suite/database';
import type { WebhookDispatchEnvironment } from './webhook-dispatch-environment';
import { webhookDispatchMigrations } from './database/migrations';
import { CrmListsModule } from './crm-lists/crm-lists.module';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { TargetsModule } from './targets/targets.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { WEBHOOK_DISPATCH_RATE_LIMITS } from './config/rate-limits';

/** The app's features, each a @FeatureModule owning its tables and routes (docs/adding-a-feature.md). */
export const WEBHOOK_DISPATCH_FEATURES = [CrmListsModule, WebhooksModule, DeliveriesModule];

export const WEBHOOK_DISPATCH_ENTITIES = [...entitiesOf(WEBHOOK_DISPATCH_FEATURES), ...FOUNDATION_ENTITIES];

@Module({})
export class AppModule {
  /** How target host names resolve is TargetsModule's (the system resolver); a test overrides TargetResolver (decision 0057). */
  static forRoot(env: WebhookDispatchEnvironment): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...foundationModules({
          app: APPS['webhook-dispatch'],
          env,
          entities: WEBHOOK_DISPATCH_ENTITIES,
          migrations: webhookDispatchMigrations,
          rateLimits: WEBHOOK_DISPATCH_RATE_LIMITS,
        }),
        TargetsModule.forRoot(),
        ...WEBHOOK_DISPATCH_FEATURES,
      ],
    };
  }
}
