import { ApiProperty } from '@nestjs/swagger';
import type { GraphReference } from '../definition/graph-references';
import { REFERENCE_KINDS, type ReferenceKind } from '../definition/reference-kinds';
import { WORKFLOW_STATUSES, type WorkflowStatus } from '@suite/contracts';
import { base64Id, base64IdOrNull } from '../../shared/api-ids';
import type { WorkflowGraph } from '../definition/workflow-graph';
import type { WorkflowEntity } from '../workflow.entity';

/** Where the builder of a workflow is: GET/PUT of it. */
export const builderEndpoint = (builderId: string): string => `/api/Workflow/builder/${builderId}`;

const TRIGGER_CONFIG_DOC = {
  type: 'object',
  additionalProperties: true,
  description: 'The graph: {triggers[], actions[], edges[]} (docs/workflows.md)',
} as const;

export class CreatedWorkflowResponse {
  @ApiProperty({ description: 'base64 id', example: 'Nw==' }) id!: string;
  @ApiProperty({ enum: ['draft'] }) status!: 'draft';
  @ApiProperty({ description: 'The id the builder routes take (the same base64 id)', example: 'Nw==' }) builder_id!: string;
  @ApiProperty({ example: '/api/Workflow/builder/Nw==' }) builder_endpoint!: string;
}

/** What a row of the list and the builder both start with (the properties come first in both). */
abstract class WorkflowHeadResponse {
  @ApiProperty({ description: 'base64 id', example: 'Nw==' }) id!: string;
  @ApiProperty({ maxLength: 255 }) name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ enum: WORKFLOW_STATUSES }) status!: WorkflowStatus;
  @ApiProperty({ type: String, nullable: true, description: 'base64 folder id' }) folder_id!: string | null;
}

export class WorkflowRowResponse extends WorkflowHeadResponse {
  @ApiProperty({ type: 'integer', description: 'Bumped by every builder save' }) version!: number;
  @ApiProperty({ type: 'integer', description: 'The frozen version new runs start on; 0 before the first activation' })
  active_version!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class GraphReferenceResponse {
  @ApiProperty({ maxLength: 64 }) node_id!: string;
  @ApiProperty({ maxLength: 64, description: 'The config field holding it' }) field!: string;
  @ApiProperty({ enum: REFERENCE_KINDS }) kind!: ReferenceKind;
  @ApiProperty({ description: 'The id as the graph holds it' }) value!: string;
}

export class BuilderResponse extends WorkflowHeadResponse {
  @ApiProperty({ type: 'integer' }) version!: number;
  @ApiProperty(TRIGGER_CONFIG_DOC) trigger_config!: WorkflowGraph;
  @ApiProperty({
    type: [GraphReferenceResponse],
    description: 'Company-specific selections of an imported graph still to review: activation is refused until a builder save',
  })
  references_to_review!: GraphReference[];
}

export class SavedBuilderResponse {
  @ApiProperty({ description: 'base64 id', example: 'Nw==' }) id!: string;
  @ApiProperty({ ...TRIGGER_CONFIG_DOC, description: 'The graph as saved (normalised)' }) trigger_config!: WorkflowGraph;
}

export class WorkflowStatusResponse {
  @ApiProperty({ description: 'base64 id', example: 'Nw==' }) id!: string;
  @ApiProperty({ enum: WORKFLOW_STATUSES }) status!: WorkflowStatus;
  @ApiProperty({ type: 'integer' }) version!: number;
  @ApiProperty({ type: 'integer' }) active_version!: number;
}

export const mapCreatedWorkflow = (workflow: WorkflowEntity): CreatedWorkflowResponse => {
  const id = base64Id(workflow.id);
  return { id, status: 'draft', builder_id: id, builder_endpoint: builderEndpoint(id) };
};

const mapWorkflowHead = (workflow: WorkflowEntity): WorkflowHeadResponse => ({
  id: base64Id(workflow.id),
  name: workflow.name,
  description: workflow.description,
  status: workflow.status,
  folder_id: base64IdOrNull(workflow.folderId),
});

export const mapWorkflowRow = (workflow: WorkflowEntity): WorkflowRowResponse => ({
  ...mapWorkflowHead(workflow),
  version: workflow.version,
  active_version: workflow.activeVersion,
  created_at: workflow.createdAt.toISOString(),
  updated_at: workflow.updatedAt.toISOString(),
});

export const mapBuilder = (workflow: WorkflowEntity): BuilderResponse => ({
  ...mapWorkflowHead(workflow),
  version: workflow.version,
  trigger_config: workflow.triggerConfig,
  references_to_review: workflow.referencesToReview,
});

export const mapWorkflowStatus = (workflow: WorkflowEntity): WorkflowStatusResponse => ({
  id: base64Id(workflow.id),
  status: workflow.status,
  version: workflow.version,
  active_version: workflow.activeVersion,
});
