import { Module, type DynamicModule } from '@nestjs/common';
import { AUTHZ_ENTITIES, AuthzModule, RATE_LIMIT_ENTITIES } from '@suite/authz';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { JobsModule, jobsEntities } from '@suite/jobs';
import { coreModules } from '@suite/http';
import { entitiesOf } from '@suite/database';
import { HealthModule } from '@suite/observability';
import { AdAccountsModule, AdPlatformModule, SandboxAdConsentModule, CallHistoryModule, ReportingModule } from './reporting';
import {
  AgentsModule,
  CallsModule,
  SandboxCallsModule,
  CampaignsModule,
  PhoneNumbersModule,
  SpamProtectedNumbersModule,
  UserPhoneNumbersModule,
  VoiceModule,
} from './voice';
import { AppointmentsModule, ContactsModule, ListsModule, PipelinesModule } from './crm';
import { CompaniesModule, RolesModule, TeamsModule, UsersModule } from './directory';
import { ErasureModule } from './erasure/erasure.module';
import type { PlatformEnvironment } from './platform-environment';
import { platformMigrations } from './database/migrations';
import { IdsModule } from './ids/ids.module';
import { WorkflowsModule } from './workflows';
import { PLATFORM_RATE_LIMITS } from './config/rate-limits';

/**
 * The platform's features, each a @FeatureModule owning its tables, routes and event handlers
 * (docs/adding-a-feature.md). A new feature is one line here.
 */
export const PLATFORM_FEATURES = [
  CompaniesModule,
  RolesModule,
  UsersModule,
  TeamsModule,
  ContactsModule,
  PipelinesModule,
  ListsModule,
  AppointmentsModule,
  PhoneNumbersModule,
  AgentsModule,
  CallsModule,
  CampaignsModule,
  SpamProtectedNumbersModule,
  WorkflowsModule,
  AdAccountsModule,
  ReportingModule,
  CallHistoryModule,
  ErasureModule,
];

/**
 * Every table of the platform's schema: its features', and the authz replicas and eventing tables
 * every app keeps. The platform keeps the same authz replicas as every other app, fed by its own
 * user and company events: credentials are checked one way everywhere, at the price of a relay
 * hop (about a second) before its own changes (a suspended user, say) take effect here too. The
 * DataSource and the migration tools (tools/suite-apps.ts) both take this list.
 */
export const PLATFORM_ENTITIES = [
  ...entitiesOf(PLATFORM_FEATURES),
  ...AUTHZ_ENTITIES,
  ...RATE_LIMIT_ENTITIES,
  ...eventingEntities,
  ...jobsEntities,
];

@Module({})
export class AppModule {
  /**
   * The adapters (VOICE_PROVIDER, AD_PLATFORM) are chosen from `env` inside their modules; a test
   * replaces one, or the CLOCK, by overriding its provider (decision 0057).
   */
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
        // Handlers are found, not listed: the providers with @OnEvent methods (the authz replicas' in AuthzModule).
        EventingModule.forEnvironment(env, { appName: APPS.platform.name, schema: APPS.platform.schema }),
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
        // Durable jobs (libs/jobs): the dialer, the sandbox's call simulation, reputation checks.
        JobsModule.forRoot({ appName: APPS.platform.name, schema: APPS.platform.schema }),
        AuthzModule.forRoot({ rateLimits: PLATFORM_RATE_LIMITS }),
        IdsModule,
        // The phone-number entity the directory's users name (decision 0059: the directory imports no voice).
        UserPhoneNumbersModule,
        VoiceModule.forEnvironment(env),
        AdPlatformModule.forEnvironment(env),
        ...PLATFORM_FEATURES,
        // The sandbox voice provider's own route (POST /api/sandbox/calls), mounted only with it.
        SandboxCallsModule.forEnvironment(env),
        // The sandbox ad platform's consent page (GET /api/sandbox/ad-consent/{provider}), mounted only with it.
        SandboxAdConsentModule.forEnvironment(env),
      ],
    };
  }
}
