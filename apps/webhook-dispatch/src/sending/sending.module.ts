import { Module } from '@nestjs/common';
import { TargetGuard } from '../targets/target-guard';
import { SendingEnvironment } from './sending-environment';
import { WebhookSender } from './webhook-sender';

/**
 * One webhook attempt: the guard again, then the request to the checked address within
 * WEBHOOKS_TIMEOUT_MS. The guard comes from the global TargetsModule.
 */
@Module({
  providers: [
    {
      provide: WebhookSender,
      useFactory: (guard: TargetGuard, env: SendingEnvironment) =>
        new WebhookSender(guard, env.WEBHOOKS_TIMEOUT_MS, env.WEBHOOKS_CONCURRENCY),
      inject: [TargetGuard, SendingEnvironment],
    },
  ],
  exports: [WebhookSender],
})
export class SendingModule {}
