import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { metricOnce } from '@suite/observability';
import type { GroupCommitObserver } from '../shared/group-commit';

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

/** Seconds, from half a millisecond (a quiet service) to a second (a saturated one). */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1];

const batchWait = () =>
  metricOnce(
    'messaging_send_batch_wait_seconds',
    () =>
      new Histogram({
        name: 'messaging_send_batch_wait_seconds',
        help: 'POST /v1/messages: how long a send waited for its group-commit batch to start (behind the batch in flight)',
        buckets: LATENCY_BUCKETS,
      }),
  );

const batchDuration = () =>
  metricOnce(
    'messaging_send_batch_duration_seconds',
    () =>
      new Histogram({
        name: 'messaging_send_batch_duration_seconds',
        help: 'POST /v1/messages: how long a group-commit batch ran (connection, read, write; decided-again sends included)',
        buckets: LATENCY_BUCKETS,
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

/**
 * The send path's Prometheus metrics (GET /metrics): how well group commit batches under the
 * current load, and what share of a send's latency is the group's (waiting for a batch, then the
 * batch itself); the rest of it is the HTTP layer's (http_request_duration_seconds).
 */
@Injectable()
export class SendMetrics implements GroupCommitObserver {
  private readonly batchSize = batchSize();
  private readonly batchWait = batchWait();
  private readonly batchDuration = batchDuration();
  private readonly decidedAgainTotal = decidedAgain();

  batchStarted(waitedMs: readonly number[]): void {
    for (const ms of waitedMs) this.batchWait.observe(ms / 1000);
  }

  batchEnded(ranMs: number): void {
    this.batchDuration.observe(ranMs / 1000);
  }

  batchRan(sends: number): void {
    this.batchSize.observe(sends);
  }

  decidedAgain(sends: number): void {
    this.decidedAgainTotal.inc(sends);
  }
}
