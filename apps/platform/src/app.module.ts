import { Module, type DynamicModule } from '@nestjs/common';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { coreModules, HealthModule } from '@suite/runtime';
import { CompaniesModule } from './companies/companies.module';
import { CompanyEntity } from './companies/company.entity';
import type { PlatformEnvironment } from './config/platform-environment';
import { platformMigrations } from './database/migrations';

export const PLATFORM_ENTITIES = [CompanyEntity, ...eventingEntities];

@Module({})
export class AppModule {
  static forRoot(env: PlatformEnvironment): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules({
          appName: APPS.platform.name,
          env,
          schema: APPS.platform.schema,
          entities: PLATFORM_ENTITIES,
          migrations: platformMigrations,
        }),
        EventingModule.forEnvironment(env, { appName: APPS.platform.name, schema: APPS.platform.schema, handlers: [] }),
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
        CompaniesModule,
      ],
    };
  }
}
