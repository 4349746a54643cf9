import { defineJob } from '@suite/jobs';
/** The queue of workflow steps (libs/jobs). */
export const WORKFLOW_STEP_QUEUE = defineJob<WorkflowStepJob>('workflow.step', { app: 'platform' });

/**
 * A job carrying one run forward: from its cursor, step after step, until the run waits, ends or
 * fails. It goes on only while the run names it (`stepJobId`).
 */
export interface WorkflowStepJob {
  companyId: string;
  runId: string;
}
