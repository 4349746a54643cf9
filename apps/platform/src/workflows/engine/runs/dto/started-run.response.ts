import { ApiProperty } from '@nestjs/swagger';
import { WORKFLOW_RUN_STATUSES, type WorkflowRunStatus } from '@suite/contracts';
import { base64Id } from '../../../../shared/api-ids';
import type { WorkflowRunEntity } from '../../workflow-run.entity';

export class StartedRunResponse {
  @ApiProperty({ example: 'MTI=', description: 'run id (base64); GET /api/Workflow/execution-log/{id}' })
  id!: string;

  @ApiProperty({ example: 'NDI=', description: 'contact id (base64)' })
  contact_id!: string;

  @ApiProperty({
    enum: WORKFLOW_RUN_STATUSES,
    description:
      'the run as it stands: `completed` or `waiting` when its first steps already ran, `running` while its job carries it, ' +
      '`failed`, or `skipped` when the loop guard refused it',
  })
  status!: WorkflowRunStatus;
}

export class StartedRunsResponse {
  @ApiProperty({ type: [StartedRunResponse] })
  runs!: StartedRunResponse[];
}

export const mapStartedRun = (run: WorkflowRunEntity): StartedRunResponse => ({
  id: base64Id(run.id),
  contact_id: base64Id(run.contactId),
  status: run.status,
});
