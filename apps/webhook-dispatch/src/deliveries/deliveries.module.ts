import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { JobHandler, JobsRuntime } from '@suite/jobs';
import { FeatureModule } from '@suite/database';
import { BaseEnvironment } from '@suite/config';
import { SendingEnvironment } from '../sending/sending-environment';
import { SendingModule } from '../sending/sending.module';
import { WebhookSender } from '../sending/webhook-sender';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AttemptsRetention } from './attempts-retention';
import { DeliveriesController } from './deliveries.controller';
import { DeliveriesEnvironment } from './deliveries-environment';
import { DeliveriesService } from './deliveries.service';
import { DeliveryErasureHandler } from './delivery-erasure.handler';
import { ErasedPhoneEntity } from './erased-phone.entity';
import { WebhooksErasureKeyEntity } from './erasure-key.entity';
import { PendingErasureEntity } from './pending-erasure.entity';
import { parseRetryDelays } from './retry-delays';
import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WEBHOOK_DELIVER_QUEUE } from './webhook-deliver.job';
import { WebhookDeliveriesStore } from './webhook-deliveries.store';
import { webhookDeliverQueue } from './webhook-deliver.queue';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEventsHandler } from './webhook-events.handler';

/** Failed attempts in a row that open a webhook's circuit (docs/webhooks.md). */
export const CIRCUIT_BREAKER_FAILURES = 5;

/** The delivery queue, run by the app's jobs; in-flight attempts get their grace at shutdown. */
@Injectable()
export class WebhookDeliveryWorker implements BeforeApplicationShutdown {
  constructor(
    private readonly jobs: JobsRuntime,
    private readonly sender: WebhookSender,
    private readonly store: WebhookDeliveriesStore,
    private readonly env: DeliveriesEnvironment,
    /** The sender's bound and concurrency, which the queue's own match. */
    private readonly sending: SendingEnvironment,
    private readonly shared: BaseEnvironment,
  ) {}

  @JobHandler(WEBHOOK_DELIVER_QUEUE)
  deliverQueue(): ReturnType<typeof webhookDeliverQueue> {
    const retryDelaysMs = parseRetryDelays(this.env.WEBHOOKS_RETRY_DELAYS)!;
    const options = {
      timeoutMs: this.sending.WEBHOOKS_TIMEOUT_MS,
      retryDelaysMs,
      concurrency: this.sending.WEBHOOKS_CONCURRENCY,
      perWebhookConcurrency: this.env.WEBHOOKS_ENDPOINT_CONCURRENCY,
      // Five failed attempts in a row open an endpoint's circuit for the schedule's first delay.
      breaker: { failures: CIRCUIT_BREAKER_FAILURES, cooldownMs: retryDelaysMs[0]! },
      pollMs: 1_000,
      stopGraceMs: Math.min(this.sending.WEBHOOKS_TIMEOUT_MS, this.shared.SHUTDOWN_TIMEOUT_MS / 2),
    };
    return webhookDeliverQueue(options, this.sender, this.store);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.jobs.stopQueue(WEBHOOK_DELIVER_QUEUE);
  }
}

/** Deliveries: the events webhooks are subscribed to, sent, signed and retried (issue 14). */
@FeatureModule({
  entities: [WebhookDeliveryEntity, WebhookAttemptEntity, PendingErasureEntity, ErasedPhoneEntity, WebhooksErasureKeyEntity],
  imports: [SendingModule, WebhooksModule],
  controllers: [DeliveriesController],
  providers: [
    DeliveriesService,
    WebhookDeliveriesStore,
    WebhookEventsHandler,
    WebhookDeliveryWorker,
    AttemptsRetention,
    DeliveryErasureHandler,
  ],
})
export class DeliveriesModule {}
