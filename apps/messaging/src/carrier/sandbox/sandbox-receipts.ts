import { Logger } from '@nestjs/common';
import { defineJob, defineQueue, fixedRetry, type JobQueue } from '@suite/jobs';
import { MAX_CALLBACKS_PER_BODY } from '../callback-codec';
import type { CarrierCallback } from '../carrier.port';

export const SANDBOX_RECEIPTS_QUEUE = defineJob<SandboxReceiptJob>('messaging.sandbox_receipts', {
  app: 'messaging',
  enqueuedOnlyByItsHandler: true,
});

/** One delivery receipt the sandbox owes: enqueued with the hand-off's `sent` (SandboxCarrier.recordAccepted). */
export interface SandboxReceiptJob {
  readonly carrierMessageId: string;
  readonly status: 'delivered' | 'failed';
  readonly reason?: string;
}

type StatusCallback = Extract<CarrierCallback, { kind: 'status' }>;

/**
 * A receipt refused by the sink (the database away, a deploy) is posted again, as a provider retries
 * its webhook: 1, 5, 15, 60 s, then every 5 min for about half an hour. After that the message is
 * left to the reconciliation of `sent` messages (MESSAGING_RECEIPT_TIMEOUT_SECONDS, decision 0049).
 */
const RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 60_000, ...Array<number>(6).fill(300_000)];
const POST_TIMEOUT_MS = 30_000;

/**
 * Posts the receipts claimed together in one signed body (up to MAX_CALLBACKS_PER_BODY), as a
 * provider batching its webhooks would: the jobs claimed in one claim start in the same tick, so
 * gathering until the next macrotask gives one callback request and one transaction per claim
 * instead of one each. Each job's run succeeds or fails with its body.
 */
export class SandboxReceiptPoster {
  private waiting: Array<{ job: SandboxReceiptJob; resolve: () => void; reject: (error: unknown) => void }> = [];

  constructor(
    private readonly post: (callbacks: readonly StatusCallback[]) => Promise<void>,
    private readonly clock: () => Date,
  ) {}

  submit(job: SandboxReceiptJob): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ job, resolve, reject });
    });
  }

  private flush(): void {
    const gathered = this.waiting;
    this.waiting = [];
    const at = this.clock();
    for (let start = 0; start < gathered.length; start += MAX_CALLBACKS_PER_BODY) {
      const part = gathered.slice(start, start + MAX_CALLBACKS_PER_BODY);
      const callbacks = part.map(({ job }): StatusCallback => ({
        kind: 'status',
        carrierMessageId: job.carrierMessageId,
        status: job.status,
        ...(job.reason === undefined ? {} : { reason: job.reason }),
        at,
      }));
      this.post(callbacks).then(
        () => part.forEach(({ resolve }) => resolve()),
        (error: unknown) => part.forEach(({ reject }) => reject(error)),
      );
    }
  }
}

/**
 * The sandbox's delivery receipts on libs/jobs: durable (a restart or a killed replica leaves them
 * in the jobs table for any replica to post), due `deliveryDelayMs` after the hand-off. Polled at
 * a quarter of the delay (100 ms – 1 s), so a receipt lands at most that much after it is due.
 */
export function sandboxReceiptsQueue(poster: SandboxReceiptPoster, deliveryDelayMs: number): JobQueue<SandboxReceiptJob, void> {
  const logger = new Logger('SandboxCarrier');
  const pollMs = Math.min(1_000, Math.max(100, Math.floor(deliveryDelayMs / 4)));
  const pace = { concurrency: 500, timeoutMs: POST_TIMEOUT_MS, pollMs, stopGraceMs: 5_000, retry: fixedRetry(RETRY_DELAYS_MS) };
  return defineQueue(SANDBOX_RECEIPTS_QUEUE, pace, {
    handle: (job) => poster.submit(job.payload),
    // Settled together (one commit for a body's jobs); nothing else to write.
    succeededMany: async () => undefined,
    failed: async (_manager, job, error) => {
      logger.error(
        `sandbox receipt for ${job.payload.carrierMessageId} dropped after ${job.attempt} attempt(s): ${error}; ` +
          'the reconciliation of sent messages will ask for it',
      );
    },
  });
}
