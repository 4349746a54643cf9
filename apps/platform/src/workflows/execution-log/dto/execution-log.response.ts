import { ApiProperty } from '@nestjs/swagger';
import { WORKFLOW_RUN_STATUSES, type WorkflowRunStatus } from '@suite/contracts';
import { base64Id } from '../../../shared/api-ids';
import { STEP_STATUSES, type StepStatus, type WorkflowRunStepEntity } from '../../engine/workflow-run-step.entity';
import type { WorkflowRunEntity } from '../../engine/workflow-run.entity';

export class ExecutionLogRowResponse {
  @ApiProperty({ description: 'base64 run id', example: 'OQ==' }) id!: string;
  @ApiProperty({ description: 'base64 workflow id', example: 'Nw==' }) workflow_id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'null once the workflow is deleted' }) workflow_name!: string | null;
  @ApiProperty({ description: 'base64 CRM contact id', example: 'NDI=' }) contact_id!: string;
  @ApiProperty({ enum: WORKFLOW_RUN_STATUSES, example: 'completed' }) status!: WorkflowRunStatus;
  @ApiProperty({ example: 'contact_created' }) trigger_type!: string;
  @ApiProperty({ type: 'integer', description: 'The workflow version the run executes' }) version!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed' }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) started_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
  @ApiProperty({ format: 'date-time', description: 'As started_at: a run is created when it starts' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ExecutionStepResponse {
  @ApiProperty({ type: 'integer', description: 'From 1, in the order the run took them' }) step!: number;
  @ApiProperty({ example: 'a1' }) node_id!: string;
  @ApiProperty({ example: 'send_sms' }) type!: string;
  @ApiProperty({ enum: STEP_STATUSES }) status!: StepStatus;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'What the step did (branch taken, message queued, wake time)',
  })
  detail!: Record<string, unknown>;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: 'integer' }) attempts!: number;
  @ApiProperty({ format: 'date-time' }) started_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
}

export class ExecutionDetailResponse extends ExecutionLogRowResponse {
  @ApiProperty({ type: [ExecutionStepResponse] }) steps!: ExecutionStepResponse[];
}

export const mapExecutionRow = (run: WorkflowRunEntity, workflowName: string | null): ExecutionLogRowResponse => ({
  id: base64Id(run.id),
  workflow_id: base64Id(run.workflowId),
  workflow_name: workflowName,
  contact_id: base64Id(run.contactId),
  status: run.status,
  trigger_type: run.triggerType,
  version: run.version,
  error: run.error,
  started_at: run.startedAt.toISOString(),
  finished_at: run.finishedAt?.toISOString() ?? null,
  created_at: run.startedAt.toISOString(),
  updated_at: run.updatedAt.toISOString(),
});

export const mapExecutionStep = (step: WorkflowRunStepEntity): ExecutionStepResponse => ({
  step: step.step,
  node_id: step.nodeId,
  type: step.type,
  status: step.status,
  detail: step.detail,
  error: step.error,
  attempts: step.attempts,
  started_at: step.startedAt.toISOString(),
  finished_at: step.finishedAt?.toISOString() ?? null,
});
