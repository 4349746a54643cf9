import { defineQueue, fixedRetry, ABANDONED_ERROR, type JobQueue } from '@suite/jobs';
import { SMS_FALLBACK_QUEUE, type SmsFallbackJob } from './sms-fallback.job';
import type { SmsFallbackService } from './sms-fallback.service';

/**
 * The runs of one resend: the first at once (the receipt's commit wakes it), then 1, 3, 5, 10 and
 * 10 s after a provider that could not take it or answer — six runs within about 30 s, the issue's
 * bound — and the message fails (failed()) if none got through.
 */
const DELAYS_MS = [1_000, 3_000, 5_000, 10_000, 10_000];

/**
 * The SMS resend of an iMessage its provider could not deliver (sendblue+twilio, decision 0038),
 * on libs/jobs: durable (a restart or a dead replica's lease resumes it), woken by the commit of the
 * receipt that enqueued it. Exactly once is the run's own doing, not the queue's: it locks the
 * message and reads the attempts recorded before (sms-fallback.service.ts), so a run repeated after
 * a lost lease or a crash looks up what went instead of sending again.
 */
export function smsFallbackQueue(service: SmsFallbackService, carrierTimeoutMs: number): JobQueue<SmsFallbackJob, void> {
  // A run: a capability lookup, perhaps a lookup of a lost attempt, the number's turn and the send.
  const timeoutMs = 4 * carrierTimeoutMs;
  const pace = { concurrency: 4, timeoutMs, pollMs: 1_000, stopGraceMs: carrierTimeoutMs, retry: fixedRetry(DELAYS_MS) };
  return defineQueue(SMS_FALLBACK_QUEUE, pace, {
    handle: (job) => service.resend(job.payload),
    failed: (manager, job, error) =>
      service.giveUp(manager, job.payload, error === ABANDONED_ERROR ? 'the resend stopped during its last run' : error),
  });
}
