import { Injectable } from '@nestjs/common';
import { JobHandler, type JobQueue } from '@suite/jobs';
import { StepFailures } from './step-failures';
import { StepBatches } from './step-batches';
import { WORKFLOW_STEP_QUEUE, type WorkflowStepJob } from './workflow-step.job';
import { workflowStepQueue } from './workflow-step.queue';

/**
 * Jobs of one replica carrying runs at once. The first steps of a claim's jobs share one
 * transaction (StepBatches), so this bounds a batch more than the connections in use; a job carried
 * alone (its run goes on past that step, or its batch failed) takes a pooled connection per step
 * and waits for one when all are busy.
 */
const STEP_CONCURRENCY = 32;

/** The engine's queue, run by the app's jobs (JobsModule finds it; workers start on application bootstrap). */
@Injectable()
export class WorkflowStepRegistration {
  constructor(
    private readonly batches: StepBatches,
    private readonly failures: StepFailures,
  ) {}

  @JobHandler(WORKFLOW_STEP_QUEUE)
  stepQueue(): JobQueue<WorkflowStepJob, void> {
    return workflowStepQueue(this.batches, this.failures, STEP_CONCURRENCY);
  }
}
