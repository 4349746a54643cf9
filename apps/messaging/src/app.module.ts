import { Module, type DynamicModule } from '@nestjs/common';
import { FOUNDATION_ENTITIES, foundationModules } from '@suite/app-foundation';
import { APPS } from '@suite/contracts';
import { CallbacksModule } from './callbacks/callbacks.module';
import { MESSAGING_RATE_LIMITS } from './config/rate-limits';
import { CarrierModule } from './carrier/carrier.module';
import { ContactEntity } from './contacts/contact.entity';
import { ContactsModule } from './contacts/contacts.module';
import { messagingMigrations } from './database/migrations';
import { EMAIL_ENTITIES, EmailModule } from './email/email.module';
import { ErasedOptOutEntity } from './erasure/erased-opt-out.entity';
import { ErasureKeyEntity } from './erasure/erasure-key.entity';
import { ErasureModule } from './erasure/erasure.module';
import { MessageEntity } from './messages/message.entity';
import type { MessagingEnvironment } from './messaging-environment';
import { MessageHandOffEntity } from './hand-offs/message-hand-off.entity';
import { MessagesModule } from './messages/messages.module';
import { ReleaseModule } from './release-scheduler/release.module';
import { SenderNumberDayEntity } from './sender-numbers/sender-number-day.entity';
import { SenderNumberHandOffEntity } from './sender-numbers/sender-number-hand-off.entity';
import { SenderNumberEntity } from './sender-numbers/sender-number.entity';
import { SenderPinChangeEntity } from './sender-numbers/sender-pin-change.entity';
import { SenderNumbersModule } from './sender-numbers/sender-numbers.module';
import { SmsFallbackModule } from './sms-fallback/sms-fallback.module';
import { WorkspaceSettingsEntity } from './workspace-settings/workspace-settings.entity';
import { WorkspaceSettingsModule } from './workspace-settings/workspace-settings.module';
import { WorkflowRequestsModule } from './workflow-requests/workflow-requests.module';

export const MESSAGING_ENTITIES = [
  MessageEntity,
  MessageHandOffEntity,
  ContactEntity,
  SenderNumberEntity,
  SenderNumberDayEntity,
  SenderNumberHandOffEntity,
  SenderPinChangeEntity,
  WorkspaceSettingsEntity,
  ErasedOptOutEntity,
  ErasureKeyEntity,
  ...EMAIL_ENTITIES,
  ...FOUNDATION_ENTITIES,
];

@Module({})
export class AppModule {
  /**
   * The carrier adapter is chosen from `env` inside CarrierModule; a test replaces it, or the CLOCK
   * every scheduling decision reads, by overriding its provider (decision 0057).
   */
  static forRoot(env: MessagingEnvironment): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...foundationModules({
          app: APPS['messaging'],
          env,
          entities: MESSAGING_ENTITIES,
          migrations: messagingMigrations,
          rateLimits: MESSAGING_RATE_LIMITS,
        }),
        CarrierModule.forEnvironment(env),
        EmailModule,
        MessagesModule,
        ContactsModule,
        SenderNumbersModule,
        WorkspaceSettingsModule,
        WorkflowRequestsModule,
        CallbacksModule.forEnvironment(env),
        ReleaseModule,
        SmsFallbackModule,
        ErasureModule,
      ],
    };
  }
}
