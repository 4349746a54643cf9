import { defineJob, defineQueue, ABANDONED_ERROR, type JobQueue } from '@suite/jobs';
import { composeEmail } from './compose-email';
import type { EmailDispatchOptions } from './email-dispatch.options';
import type { EmailDispatchStore } from './email-dispatch.store';
import type { EmailTransport, TransportResult } from './email-transport';
import { isPermanentFailure } from './permanent-failure';

export const EMAIL_SEND_QUEUE = defineJob<EmailSendJob>('email.send', { app: 'messaging' });

/** A send's job points at its row: the row holds the message, its status and its history. */
export interface EmailSendJob {
  sendId: string;
}

/** The row became final before this run (nothing to hand over). */
type Delivered = TransportResult | null;

/** What the send shows when its dispatcher died during the last attempt (the API's wording since decision 0013). */
const ABANDONED = 'The dispatcher stopped during the last attempt.';

/**
 * Hands one email to the transport per job run (decision 0013, on libs/jobs since 0023): the job
 * brings the lease, the retry schedule and the wake-up; this says what a run does and how the row
 * follows. A run is aborted after the hand-off timeout; a 5xx fails the send at once.
 */
export function emailSendQueue(
  options: EmailDispatchOptions,
  transport: EmailTransport,
  store: EmailDispatchStore,
): JobQueue<EmailSendJob, Delivered> {
  const { concurrency, pollMs, stopGraceMs, retry } = options;
  const pace = { concurrency, pollMs, stopGraceMs, retry, timeoutMs: options.handOffTimeoutMs, leaseMs: options.claimTimeoutMs };
  return defineQueue(EMAIL_SEND_QUEUE, pace, {
    isPermanent: isPermanentFailure,
    handle: async (job, signal) => {
      const send = await store.beginAttempt(job.payload.sendId, job.attempt);
      return send ? transport.deliver(composeEmail(send), signal) : null;
    },
    succeeded: async (manager, job, result) => {
      if (result) await store.finish(manager, job.payload.sendId, result.outcome, result.response);
    },
    willRetry: (manager, job, error) => store.retryLater(manager, job.payload.sendId, error),
    failed: (manager, job, error) => store.fail(manager, job.payload.sendId, error === ABANDONED_ERROR ? ABANDONED : error),
  });
}
