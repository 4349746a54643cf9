import { defineJob, defineQueue, fixedRetry, type JobQueue } from '@suite/jobs';

export const RECEIPT_LOOKUPS_QUEUE = defineJob<ReceiptLookupJob>('messaging.receipt_lookups', { app: 'messaging' });

/** One `sent` message whose receipt never came, to look up at its provider (enqueued by ReceiptSweep). */
export interface ReceiptLookupJob {
  readonly messageId: string;
}

/** A provider that cannot answer now is asked again after 10 s, 1 min and 5 min; then the message waits for the next sweep. */
const DELAYS_MS = [10_000, 60_000, 300_000];

/**
 * The lookups on libs/jobs: durable, spread over the replicas, woken by the commit of the sweep
 * that enqueued them. A run that repeats (a lost lease) asks again and applies through the
 * receipts' guarded update: a second copy is a duplicate, as a repeated callback is.
 */
export function receiptLookupsQueue(
  run: (job: ReceiptLookupJob) => Promise<void>,
  lookupTimeoutMs: number,
): JobQueue<ReceiptLookupJob, void> {
  const timeoutMs = 2 * lookupTimeoutMs;
  const pace = { concurrency: 8, timeoutMs, pollMs: 5_000, stopGraceMs: lookupTimeoutMs, retry: fixedRetry(DELAYS_MS) };
  return defineQueue(RECEIPT_LOOKUPS_QUEUE, pace, { handle: (job) => run(job.payload) });
}
