import { payloadSchema } from './payload-schema';

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
export interface WorkflowData {
  id: string;
  company_id: string;
  name: string;
  status: WorkflowStatus;
  /** The version new runs start on (0 before the first activation). */
  active_version: number;
  /** The trigger types new runs start from. */
  trigger_types: string[];
  folder_id: string | null;
  changed_by: string | null;
}

/** `workflow_run.started`, `workflow_run.completed`, `workflow_run.failed`: the run after the change. */
export interface WorkflowRunData {
  id: string;
  company_id: string;
  workflow_id: string;
  version: number;
  contact_id: string;
  trigger_type: string;
  status: WorkflowRunStatus;
  /** Why it failed; null otherwise. */
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;
const nullableNumericId = { type: ['string', 'null'], pattern: '^[0-9]+$' } as const;

export const workflowSchema = payloadSchema<WorkflowData>({
  properties: {
    id: numericId,
    company_id: numericId,
    name: { type: 'string', maxLength: 255 },
    status: { type: 'string', enum: WORKFLOW_STATUSES },
    active_version: { type: 'integer', minimum: 0 },
    trigger_types: { type: 'array', items: { type: 'string', maxLength: 64 } },
    folder_id: { ...nullableNumericId, description: 'workflow folder id' },
    changed_by: { ...nullableNumericId, description: 'user id; null for the system' },
  },
  required: ['id', 'company_id', 'name', 'status', 'active_version', 'trigger_types', 'folder_id', 'changed_by'],
});

export const workflowRunSchema = payloadSchema<WorkflowRunData>({
  properties: {
    id: numericId,
    company_id: numericId,
    workflow_id: numericId,
    version: { type: 'integer', minimum: 1 },
    contact_id: numericId,
    trigger_type: { type: 'string', maxLength: 64 },
    status: { type: 'string', enum: WORKFLOW_RUN_STATUSES },
    error: { type: ['string', 'null'], maxLength: 1000 },
    started_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
  },
  required: [
    'id',
    'company_id',
    'workflow_id',
    'version',
    'contact_id',
    'trigger_type',
    'status',
    'error',
    'started_at',
    'finished_at',
  ],
});
