import { Module, type DynamicModule } from '@nestjs/common';
import { AUTHZ_ENTITIES, AuthzModule } from '@suite/authz';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { coreModules } from '@suite/http';
import { HealthModule } from '@suite/observability';
import type { AuthEnvironment } from './auth-environment';
import { CREDENTIAL_ENTITIES, CREDENTIAL_MODULES } from './credentials';
import { authMigrations } from './database/migrations';
import { OAUTH_SERVER_ENTITIES, OAUTH_SERVER_MODULES } from './oauth-server';

export const AUTH_ENTITIES = [...AUTHZ_ENTITIES, ...OAUTH_SERVER_ENTITIES, ...CREDENTIAL_ENTITIES, ...eventingEntities];

@Module({})
export class AppModule {
  static forRoot(env: AuthEnvironment): DynamicModule {
    const app = APPS['auth'];
    return {
      module: AppModule,
      imports: [
        ...coreModules({ appName: app.name, env, schema: app.schema, entities: AUTH_ENTITIES, migrations: authMigrations }),
        // Handlers are the providers with @OnEvent methods: the authz replicas (AuthzModule), login
        // users (LoginUsersModule), credential usage (CredentialUsageModule).
        EventingModule.forEnvironment(env, { appName: app.name, schema: app.schema }),
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
        AuthzModule.forRoot(),
        ...OAUTH_SERVER_MODULES,
        ...CREDENTIAL_MODULES,
      ],
    };
  }
}
