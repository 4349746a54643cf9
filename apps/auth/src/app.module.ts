import { Module, type DynamicModule } from '@nestjs/common';
import { CompanyReplicaEntity, CompanyReplicaHandler } from '@suite/authz';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { coreModules, HealthModule } from '@suite/runtime';
import type { AuthEnvironment } from './config/auth-environment';
import { authMigrations } from './database/migrations';

export const AUTH_ENTITIES = [CompanyReplicaEntity, ...eventingEntities];

@Module({})
export class AppModule {
  static forRoot(env: AuthEnvironment): DynamicModule {
    const app = APPS['auth'];
    return {
      module: AppModule,
      imports: [
        ...coreModules({ appName: app.name, env, schema: app.schema, entities: AUTH_ENTITIES, migrations: authMigrations }),
        EventingModule.forEnvironment(env, { appName: app.name, schema: app.schema, handlers: [CompanyReplicaHandler] }),
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
      ],
    };
  }
}
