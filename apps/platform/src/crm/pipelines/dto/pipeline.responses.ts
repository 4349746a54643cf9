import { ApiProperty } from '@nestjs/swagger';
import { PaginatedResponse } from '@suite/http';
import { base64Id, base64IdOrNull } from '../../../shared/api-ids';
import type { PipelineContactRow, PipelineWithStages } from '../pipelines.service';
import type { StageMove } from '../pipeline-placements';
import type { PipelineStageEntity } from '../pipeline-stage.entity';

export class StageResponse {
  @ApiProperty({ description: 'base64 id', example: 'MTI=' }) id!: string;
  @ApiProperty({ maxLength: 255 }) stage_name!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) sorting_order!: number;
}

export class CreatedPipelineResponse {
  @ApiProperty({ description: 'base64 id', example: 'Mw==' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [StageResponse] }) stages!: StageResponse[];
}

export class StageWithCountResponse extends StageResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Contacts in the stage now' }) contacts_count!: number;
}

export class PipelineResponse {
  @ApiProperty({ description: 'base64 id', example: 'Mw==' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Contacts in the pipeline (the sum of its stages)' })
  contacts_count!: number;
  @ApiProperty({ type: [StageWithCountResponse] }) stages!: StageWithCountResponse[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class PipelineContactRecord {
  @ApiProperty({ description: 'The contact (base64 id)', example: 'MTAx' }) id!: string;
  @ApiProperty({ type: StageResponse }) stage!: StageResponse;
  @ApiProperty() first_name!: string;
  @ApiProperty({ type: 'integer', description: "The contact's place in the pipeline" }) pipe_stage_id!: number;
}

export class MovedContactResponse {
  @ApiProperty({ description: 'base64 id' }) contact_id!: string;
  @ApiProperty({ description: 'base64 id' }) new_stage_id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'base64 id; null when the contact was not in the pipeline' })
  old_stage_id!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Contacts in the new stage after the move' }) new_stage_count!: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    nullable: true,
    description: 'Contacts in the old stage after the move; null with old_stage_id',
  })
  old_stage_count!: number | null;
}

export class UpdatedStageResponse {
  @ApiProperty({ description: 'base64 id' }) id!: string;
  @ApiProperty({ maxLength: 255 }) stage_name!: string;
  @ApiProperty({ description: 'base64 id' }) pipeline_id!: string;
}

export const mapStage = (stage: PipelineStageEntity): StageResponse => ({
  id: base64Id(stage.id),
  stage_name: stage.stageName,
  sorting_order: stage.sortingOrder,
});

export const mapCreatedPipeline = ({ pipeline, stages }: PipelineWithStages): CreatedPipelineResponse => ({
  id: base64Id(pipeline.id),
  name: pipeline.name,
  stages: stages.map(mapStage),
});

export const mapPipeline = ({ pipeline, stages }: PipelineWithStages): PipelineResponse => ({
  id: base64Id(pipeline.id),
  name: pipeline.name,
  contacts_count: stages.reduce((sum, stage) => sum + stage.contactsCount, 0),
  stages: stages.map((stage) => ({ ...mapStage(stage), contacts_count: stage.contactsCount })),
  created_at: pipeline.createdAt.toISOString(),
});

export const mapPipelineContact = ({ entry, stage, firstName }: PipelineContactRow): PipelineContactRecord => ({
  id: base64Id(entry.contactId),
  stage: mapStage(stage),
  first_name: firstName,
  pipe_stage_id: Number(entry.id),
});

export const mapMove = (move: StageMove): MovedContactResponse => ({
  contact_id: base64Id(move.contactId),
  new_stage_id: base64Id(move.newStageId),
  old_stage_id: base64IdOrNull(move.oldStageId),
  new_stage_count: move.newStageCount,
  old_stage_count: move.oldStageCount,
});

export const mapUpdatedStage = (stage: PipelineStageEntity): UpdatedStageResponse => ({
  id: base64Id(stage.id),
  stage_name: stage.stageName,
  pipeline_id: base64Id(stage.pipelineId),
});

/** The spec's "Pipeline contact list": a page of records, with the pipeline's id and name beside it. */
export class PipelineContactsPageResponse extends PaginatedResponse(PipelineContactRecord) {
  @ApiProperty({ description: 'base64 id' }) pipeline_id!: string;
  @ApiProperty() pipeline_name!: string;
}
