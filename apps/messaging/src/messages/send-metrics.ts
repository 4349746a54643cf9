import { Injectable } from '@nestjs/common';
import { Histogram } from 'prom-client';
import { metricOnce } from '@suite/runtime';

const batchSize = () =>
  metricOnce(
    'messaging_send_batch_size',
    () =>
      new Histogram({
        name: 'messaging_send_batch_size',
        help: 'POST /v1/messages sends per group-commit transaction (decision 0016)',
        buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      }),
  );

/** The send path's Prometheus metrics (GET /metrics): how well group commit batches under the current load. */
@Injectable()
export class SendMetrics {
  private readonly batchSize = batchSize();

  batchRan(sends: number): void {
    this.batchSize.observe(sends);
  }
}
