import { defineEvent } from './define-event';
import { nullable, payload, stringEnum, Type, type Static } from './payload-schema';
import { changedBy, companyRecordIds, instant, nullableNumericId, numericId } from './payload-fields';
import { Topics } from './topics';

/**
 * Payloads on `platform.workflow.v1`: automation workflows and their runs.
 * `workflow.*` — subject: the workflow id; `workflow_run.*` — subject: the run id.
 */
export const WORKFLOW_STATUSES = ['draft', 'active', 'inactive'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** What a run can be: the spec leaves the set open, the engine fixes it (docs/workflows.md). */
export const WORKFLOW_RUN_STATUSES = ['running', 'waiting', 'completed', 'failed', 'cancelled', 'skipped'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

/** `workflow.created`, `workflow.activated`, `workflow.deactivated`: the workflow after the change. */
export const workflowSchema = payload({
  ...companyRecordIds,
  name: Type.String({ maxLength: 255 }),
  status: stringEnum(WORKFLOW_STATUSES),
  /** The version new runs start on (0 before the first activation). */
  active_version: Type.Integer({ minimum: 0 }),
  /** The trigger types new runs start from. */
  trigger_types: Type.Array(Type.String({ maxLength: 64 })),
  folder_id: nullableNumericId('workflow folder id'),
  ...changedBy('user id; null for the system'),
});
export type WorkflowData = Static<typeof workflowSchema>;

/** `workflow_run.started`, `workflow_run.completed`, `workflow_run.failed`: the run after the change. */
export const workflowRunSchema = payload({
  ...companyRecordIds,
  workflow_id: numericId,
  version: Type.Integer({ minimum: 1 }),
  contact_id: numericId,
  trigger_type: Type.String({ maxLength: 64 }),
  status: stringEnum(WORKFLOW_RUN_STATUSES),
  /** Why it failed; null otherwise. */
  error: nullable(Type.String({ maxLength: 1000 })),
  started_at: instant,
  finished_at: nullable(instant),
});
export type WorkflowRunData = Static<typeof workflowRunSchema>;

export const PLATFORM_WORKFLOW_EVENTS = [
  defineEvent(
    'workflow.created',
    Topics.platformWorkflow,
    workflowSchema,
    'A workflow was created or imported (always a draft).',
  ),
  defineEvent(
    'workflow.activated',
    Topics.platformWorkflow,
    workflowSchema,
    'A workflow was activated: new runs start on its active_version from its triggers’ events.',
  ),
  defineEvent(
    'workflow.deactivated',
    Topics.platformWorkflow,
    workflowSchema,
    'A workflow was deactivated: no new runs; its waiting runs are cancelled.',
  ),
  defineEvent(
    'workflow_run.started',
    Topics.platformWorkflow,
    workflowRunSchema,
    'A workflow run started for a contact (one per matching event, contact and version).',
  ),
  defineEvent('workflow_run.completed', Topics.platformWorkflow, workflowRunSchema, 'A workflow run reached an end.'),
  defineEvent(
    'workflow_run.failed',
    Topics.platformWorkflow,
    workflowRunSchema,
    'A workflow run failed: a step failed after its retries (the error says which).',
  ),
] as const;
