import type { EntityManager } from 'typeorm';
import { defineJob, type ClaimedJob, type JobQueue } from '@suite/jobs';

export const CALL_ANALYSIS_DEADLINE_QUEUE = defineJob<CallAnalysisDeadlineJob>('call.analysis-deadline', { app: 'platform' });

/** A held end to announce once its wait for the analysis is over. */
export interface CallAnalysisDeadlineJob {
  companyId: string;
  /** calls.id (the row, not the provider's call id). */
  callRowId: string;
}

/**
 * The bound on waiting for a post-call analysis (CallLifecycle): due when the wait ends, the job
 * publishes the held `call.ended` in the transaction that settles it — unless the analysis came
 * first and announced it, which the row says (end_held_until cleared). Durable, so a restart
 * during the wait loses no `call.ended`.
 */
export function callAnalysisDeadlineQueue(
  announce: (manager: EntityManager, job: CallAnalysisDeadlineJob) => Promise<void>,
): JobQueue<CallAnalysisDeadlineJob, void> {
  return {
    name: CALL_ANALYSIS_DEADLINE_QUEUE,
    concurrency: 2,
    timeoutMs: 10_000,
    leaseMs: 30_000,
    pollMs: 5_000,
    stopGraceMs: 5_000,
    retry: { kind: 'exponential', maxAttempts: 10, backoff: { baseMs: 1_000, maxMs: 60_000 } },
    handle: async () => undefined,
    succeeded: (manager: EntityManager, job: ClaimedJob<CallAnalysisDeadlineJob>) => announce(manager, job.payload),
  };
}
