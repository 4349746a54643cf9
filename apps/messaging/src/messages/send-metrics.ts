import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { metricOnce } from '@suite/runtime';

const batchSize = () =>
  metricOnce(
    'messaging_send_batch_size',
    () =>
      new Histogram({
        name: 'messaging_send_batch_size',
        help: 'POST /v1/messages sends per group-commit batch (decision 0016)',
        buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      }),
  );

const decidedAgain = () =>
  metricOnce(
    'messaging_send_decided_again_total',
    () =>
      new Counter({
        name: 'messaging_send_decided_again_total',
        help: 'Sends whose contact changed between the read and the write of their batch, decided again under its lock (decision 0019)',
      }),
  );

/** The send path's Prometheus metrics (GET /metrics): how well group commit batches under the current load. */
@Injectable()
export class SendMetrics {
  private readonly batchSize = batchSize();
  private readonly decidedAgainTotal = decidedAgain();

  batchRan(sends: number): void {
    this.batchSize.observe(sends);
  }

  decidedAgain(sends: number): void {
    this.decidedAgainTotal.inc(sends);
  }
}
