import { Module, type DynamicModule } from '@nestjs/common';
import { FOUNDATION_ENTITIES, foundationModules } from '@suite/app-foundation';
import { APPS } from '@suite/contracts';
import { entitiesOf } from '@suite/database';
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
export const PLATFORM_ENTITIES = [...entitiesOf(PLATFORM_FEATURES), ...FOUNDATION_ENTITIES];

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
        // Durable jobs (libs/jobs) among them: the dialer, the sandbox's call simulation, reputation checks.
        ...foundationModules({
          app: APPS.platform,
          env,
          entities: PLATFORM_ENTITIES,
          migrations: platformMigrations,
          rateLimits: PLATFORM_RATE_LIMITS,
        }),
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
