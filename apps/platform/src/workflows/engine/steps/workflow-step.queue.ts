import type { EntityManager } from 'typeorm';
import type { ClaimedJob, JobQueue } from '@suite/jobs';
import { isPermanentStepError } from './step-failure';
import type { StepFailures } from './step-failures';
import type { StepBatches } from './step-batches';
import { WORKFLOW_STEP_QUEUE, type WorkflowStepJob } from './workflow-step.job';

/** Tries of one step before the run fails: at once, then after about 2, 4, 8 and 16 seconds (capped at 5 minutes). */
export const STEP_MAX_ATTEMPTS = 5;

/**
 * The engine's queue (libs/jobs): a job carries one run, step by step, until it waits or ends;
 * the first steps of the jobs a claim returns together share a transaction (StepBatches; all or
 * nothing, then each job alone). A step that throws rolls its transaction back; the job is
 * retried with backoff from the same step (the run's attempt count and error kept by `willRetry`),
 * and after the last attempt — or at once for a failure retrying cannot fix — `failed` ends the
 * run as failed with the error in its log.
 */
export function workflowStepQueue(
  batches: Pick<StepBatches, 'carry'>,
  failures: StepFailures,
  concurrency: number,
): JobQueue<WorkflowStepJob, void> {
  return {
    name: WORKFLOW_STEP_QUEUE,
    concurrency,
    // A step is a few statements; a job runs the run's steps up to its next wait.
    timeoutMs: 60_000,
    leaseMs: 150_000,
    pollMs: 1_000,
    stopGraceMs: 5_000,
    retry: { kind: 'exponential', maxAttempts: STEP_MAX_ATTEMPTS, backoff: { baseMs: 2_000, maxMs: 300_000 } },
    isPermanent: isPermanentStepError,
    // The jobs of a claim take their first step together (StepBatches); each settles on its own.
    handle: (job: ClaimedJob<WorkflowStepJob>, signal: AbortSignal) => batches.carry(job.payload, job.id, signal),
    // A job's steps committed their own transactions; what is left is deleting the job row, done
    // for many jobs at once (libs/jobs group commit) rather than one commit per job.
    succeededMany: async () => undefined,
    willRetry: (manager: EntityManager, job: ClaimedJob<WorkflowStepJob>, error: string) =>
      failures.willRetry(manager, job, error),
    failed: (manager: EntityManager, job: ClaimedJob<WorkflowStepJob>, error: string) => failures.failed(manager, job, error),
  };
}
