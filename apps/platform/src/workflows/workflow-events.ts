import type { WorkflowData } from '@suite/contracts';
import type { WorkflowEntity } from './workflow.entity';

/** The payload of `workflow.created`, `workflow.activated` and `workflow.deactivated`: ids as numeric strings. */
export const workflowSnapshot = (workflow: WorkflowEntity, changedBy: string | null): WorkflowData => ({
  id: workflow.id,
  company_id: workflow.companyId,
  name: workflow.name,
  status: workflow.status,
  active_version: workflow.activeVersion,
  trigger_types: workflow.activeTriggerTypes,
  folder_id: workflow.folderId,
  changed_by: changedBy,
});
