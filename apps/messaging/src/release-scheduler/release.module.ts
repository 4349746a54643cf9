import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { SenderNumbersModule } from '../sender-numbers/sender-numbers.module';
import { WorkspaceSettingsModule } from '../workspace-settings/workspace-settings.module';
import { ClaimSweeper } from './claim-sweeper';
import { HandOffService } from './hand-off.service';
import { CarrierOptOuts } from './carrier-opt-outs';
import { InboundModule } from '../inbound/inbound.module';
import { PaceGate } from './pace-gate';
import { ReleaseClaimer } from './release-claimer';
import { ReleaseMetrics } from './release-metrics';
import { ReleaseSchedulerEnvironment } from './release-scheduler-environment';
import { RELEASE_SCHEDULER_OPTIONS, releaseSchedulerOptions } from './release-scheduler.options';
import { ReleaseScheduler } from './release-scheduler';

/**
 * The release scheduler (docs/decisions/0014). Needs CARRIER (CarrierModule) and CLOCK from the
 * app module; the ReleaseWake it listens to comes from MessagesModule.
 */
@Module({
  imports: [InboundModule, MessagesModule, SenderNumbersModule, WorkspaceSettingsModule],
  providers: [
    { provide: RELEASE_SCHEDULER_OPTIONS, useFactory: releaseSchedulerOptions, inject: [ReleaseSchedulerEnvironment] },
    ReleaseMetrics,
    ReleaseClaimer,
    PaceGate,
    HandOffService,
    CarrierOptOuts,
    ClaimSweeper,
    ReleaseScheduler,
  ],
  // The SMS resend (sms-fallback/) is a hand-off too: same pacing gate, options and provider opt-outs.
  exports: [ReleaseScheduler, PaceGate, CarrierOptOuts, RELEASE_SCHEDULER_OPTIONS],
})
export class ReleaseModule {}
