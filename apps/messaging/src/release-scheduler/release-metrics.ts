import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { metricOnce } from '@suite/observability';

export type ReleaseOutcome = 'sent' | 'failed' | 'no_channel' | 'cancelled' | 'requeued';
export type DeferReason = 'window' | 'rate' | 'daily_cap' | 'conversation_order' | 'no_sender_number' | 'provider_route';

const released = () =>
  metricOnce(
    'messaging_scheduler_released_total',
    () =>
      new Counter({
        name: 'messaging_scheduler_released_total',
        help: 'Messages the release scheduler finished with, by outcome',
        labelNames: ['outcome'],
      }),
  );
const deferred = () =>
  metricOnce(
    'messaging_scheduler_deferred_total',
    () =>
      new Counter({
        name: 'messaging_scheduler_deferred_total',
        help: 'Due messages left queued for later, by reason',
        labelNames: ['reason'],
      }),
  );
const latency = () =>
  metricOnce(
    'messaging_scheduler_handover_latency_seconds',
    () =>
      new Histogram({
        name: 'messaging_scheduler_handover_latency_seconds',
        help: 'From a message becoming due (release_after) to its hand-off to the carrier',
        buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      }),
  );

/** The release scheduler's Prometheus metrics (GET /metrics). Only messaging runs a scheduler, so no app label. */
@Injectable()
export class ReleaseMetrics {
  private readonly releasedTotal = released();
  private readonly deferredTotal = deferred();
  private readonly handOverLatency = latency();

  released(outcome: ReleaseOutcome): void {
    this.releasedTotal.inc({ outcome });
  }

  deferred(reason: DeferReason): void {
    this.deferredTotal.inc({ reason });
  }

  handedOver(dueAt: Date, handedOverAt: Date): void {
    this.handOverLatency.observe(Math.max(0, handedOverAt.getTime() - dueAt.getTime()) / 1000);
  }
}
