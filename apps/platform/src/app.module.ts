import { Module, type DynamicModule } from '@nestjs/common';
import { AUTHZ_ENTITIES, AuthzModule, RATE_LIMIT_ENTITIES } from '@suite/authz';
import { APPS } from '@suite/contracts';
import { EventingHealth, EventingModule, eventingEntities } from '@suite/eventing';
import { JobsModule, jobsEntities } from '@suite/jobs';
import { coreModules } from '@suite/http';
import { entitiesOf } from '@suite/database';
import { HealthModule } from '@suite/observability';
import { type Clock } from '@suite/time';
import { AdAccountsModule } from './ad-accounts/ad-accounts.module';
import { AdPlatformModule } from './ad-accounts/ad-platform.module';
import { SandboxAdConsentModule } from './ad-accounts/sandbox/sandbox-ad-consent.module';
import type { AdPlatform } from './ad-accounts/ad-platform.port';
import { AgentsModule } from './agents/agents.module';
import { AppointmentsModule } from './appointments/appointments.module';
import { CallsModule } from './calls/calls.module';
import { SandboxCallsModule } from './calls/sandbox/sandbox-calls.module';
import { CampaignsModule } from './campaigns/campaigns.module';
import { CompaniesModule } from './companies/companies.module';
import { ContactsModule } from './contacts/contacts.module';
import { ErasureModule } from './erasure/erasure.module';
import type { PlatformEnvironment } from './config/platform-environment';
import { platformMigrations } from './database/migrations';
import { IdsModule } from './ids/ids.module';
import { ListsModule } from './lists/lists.module';
import { PhoneNumbersModule } from './phone-numbers/phone-numbers.module';
import { PipelinesModule } from './pipelines/pipelines.module';
import { CallHistoryModule } from './reporting/call-history/call-history.module';
import { RolesModule } from './roles/roles.module';
import { SpamProtectedNumbersModule } from './spam-protected-numbers/spam-protected-numbers.module';
import { TeamsModule } from './teams/teams.module';
import { UsersModule } from './users/users.module';
import { VoiceModule } from './voice/voice.module';
import { ReportingModule } from './reporting/reporting.module';
import { WorkflowsModule } from './workflows/workflows.module';
import type { VoiceProvider } from './voice/voice-provider.port';
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
   * `options.voiceProvider` replaces the voice adapter (tests with a fake provider), `options.adPlatform`
   * the ad-platform adapter, `options.clock` the system clock (a test's controllable one); production
   * passes none.
   */
  static forRoot(
    env: PlatformEnvironment,
    options: { voiceProvider?: VoiceProvider; adPlatform?: AdPlatform; clock?: Clock } = {},
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules({
          appName: APPS.platform.name,
          env,
          schema: APPS.platform.schema,
          entities: PLATFORM_ENTITIES,
          migrations: platformMigrations,
          ...(options.clock ? { clock: options.clock } : {}),
        }),
        // Handlers are found, not listed: the providers with @OnEvent methods (the authz replicas' in AuthzModule).
        EventingModule.forEnvironment(env, { appName: APPS.platform.name, schema: APPS.platform.schema }),
        HealthModule.forRoot({ probes: { events: EventingHealth } }),
        // Durable jobs (libs/jobs): the dialer, the sandbox's call simulation, reputation checks.
        JobsModule.forRoot({ appName: APPS.platform.name, schema: APPS.platform.schema }),
        AuthzModule.forRoot({ rateLimits: PLATFORM_RATE_LIMITS }),
        IdsModule,
        VoiceModule.forEnvironment(env, { provider: options.voiceProvider }),
        AdPlatformModule.forEnvironment(env, { adPlatform: options.adPlatform }),
        ...PLATFORM_FEATURES,
        // The sandbox voice provider's own route (POST /api/sandbox/calls), mounted only with it.
        SandboxCallsModule.forEnvironment(env),
        // The sandbox ad platform's consent page (GET /api/sandbox/ad-consent/{provider}), mounted only with it.
        SandboxAdConsentModule.forEnvironment(env),
      ],
    };
  }
}
