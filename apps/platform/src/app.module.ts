import { Module, type DynamicModule } from '@nestjs/common';
import { AUTHZ_ENTITIES, AuthzModule } from '@suite/authz';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { coreModules, HealthModule } from '@suite/runtime';
import { CompaniesModule } from './companies/companies.module';
import { CompanyEntity } from './companies/company.entity';
import type { PlatformEnvironment } from './config/platform-environment';
import { platformMigrations } from './database/migrations';
import { IdsModule } from './ids/ids.module';
import { RoleEntity } from './roles/role.entity';
import { RolesModule } from './roles/roles.module';
import { TeamMemberEntity } from './teams/team-member.entity';
import { TeamEntity } from './teams/team.entity';
import { TeamsModule } from './teams/teams.module';
import { UserExtPhoneEntity } from './users/user-ext-phone.entity';
import { UserEntity } from './users/user.entity';
import { UsersModule } from './users/users.module';

/**
 * The platform keeps the same authz replicas as every other app, fed by its own user and company
 * events: credentials are checked one way everywhere, at the price of a relay hop (about a
 * second) before its own changes (a suspended user, say) take effect here too.
 */
export const PLATFORM_ENTITIES = [
  CompanyEntity,
  RoleEntity,
  UserEntity,
  UserExtPhoneEntity,
  TeamEntity,
  TeamMemberEntity,
  ...AUTHZ_ENTITIES,
  ...eventingEntities,
];

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
        EventingModule.forEnvironment(env, { appName: APPS.platform.name, schema: APPS.platform.schema }),
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
        AuthzModule.forRoot(),
        IdsModule,
        CompaniesModule,
        RolesModule,
        UsersModule,
        TeamsModule,
      ],
    };
  }
}
