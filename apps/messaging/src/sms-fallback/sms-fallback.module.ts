import { Inject, Injectable, Module } from '@nestjs/common';
import { JobHandler, type JobQueue } from '@suite/jobs';
import { MessagesModule } from '../messages/messages.module';
import { ReleaseModule } from '../release-scheduler/release.module';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from '../release-scheduler/release-scheduler.options';
import { SenderNumbersModule } from '../sender-numbers/sender-numbers.module';
import { WorkspaceSettingsModule } from '../workspace-settings/workspace-settings.module';
import { SMS_FALLBACK_QUEUE, type SmsFallbackJob } from './sms-fallback.job';
import { smsFallbackQueue } from './sms-fallback.queue';
import { SmsFallbackService } from './sms-fallback.service';

/** The SMS resend queue, run by the app's jobs (started with the others, stopped before the pool closes). */
@Injectable()
class SmsFallbackRegistration {
  constructor(
    private readonly service: SmsFallbackService,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
  ) {}

  @JobHandler(SMS_FALLBACK_QUEUE)
  resendQueue(): JobQueue<SmsFallbackJob, void> {
    return smsFallbackQueue(this.service, this.options.carrierTimeoutMs);
  }
}

/**
 * The SMS resend of an iMessage its provider could not deliver (sendblue+twilio; enqueued by the
 * delivery receipts, callbacks/delivery-receipts.service.ts). Registered whatever the carrier: with
 * one provider for every channel no receipt ever enqueues one.
 */
@Module({
  imports: [MessagesModule, ReleaseModule, SenderNumbersModule, WorkspaceSettingsModule],
  providers: [SmsFallbackService, SmsFallbackRegistration],
})
export class SmsFallbackModule {}
