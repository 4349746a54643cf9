import { Module } from '@nestjs/common';
import { ENVIRONMENT } from '@suite/http';
import type { WebhookDispatchEnvironment } from '../config/webhook-dispatch-environment';
import { TargetGuard } from '../targets/target-guard';
import { WebhookSender } from './webhook-sender';

/**
 * One webhook attempt: the guard again, then the request to the checked address within
 * WEBHOOKS_TIMEOUT_MS. The guard comes from the global TargetsModule.
 */
@Module({
  providers: [
    {
      provide: WebhookSender,
      useFactory: (guard: TargetGuard, env: WebhookDispatchEnvironment) =>
        new WebhookSender(guard, env.WEBHOOKS_TIMEOUT_MS, env.WEBHOOKS_CONCURRENCY),
      inject: [TargetGuard, ENVIRONMENT],
    },
  ],
  exports: [WebhookSender],
})
export class SendingModule {}
