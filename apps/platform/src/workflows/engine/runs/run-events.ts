import type { WorkflowRunData } from '@suite/contracts';
import type { WorkflowRunEntity } from '../workflow-run.entity';

/** A run as its `workflow_run.*` events carry it. */
export const workflowRunData = (run: WorkflowRunEntity): WorkflowRunData => ({
  id: run.id,
  company_id: run.companyId,
  workflow_id: run.workflowId,
  version: run.version,
  contact_id: run.contactId,
  trigger_type: run.triggerType,
  status: run.status,
  error: run.error === null ? null : run.error.slice(0, 1000),
  started_at: run.startedAt.toISOString(),
  finished_at: run.finishedAt ? run.finishedAt.toISOString() : null,
});
