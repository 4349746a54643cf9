import { ApiProperty } from '@nestjs/swagger';
import { apiId, base64Id } from '../../../shared/api-ids';
import type { ContactPlacement } from '../contacts.service';
import type { ContactEntity } from '../../contact.entity';

export class ContactPlacementResponse {
  @ApiProperty({ description: 'base64 id' }) pipeline_id!: string;
  @ApiProperty() pipeline_name!: string;
  @ApiProperty({ description: 'base64 id' }) stage_id!: string;
  @ApiProperty() stage_name!: string;
  @ApiProperty({ type: 'integer' }) pipe_stage_id!: number;
}

export class ContactResponse {
  @ApiProperty({ description: 'base64 id', example: 'MTAx' }) id!: string;
  @ApiProperty() first_name!: string;
  @ApiProperty({ type: String, nullable: true }) last_name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'E.164' }) phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The channel the lead came from' }) source!: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'User id' }) assigned_to!: number | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ type: 'object', additionalProperties: true }) custom_fields!: Record<string, unknown>;
  @ApiProperty({ type: [ContactPlacementResponse], description: 'The pipelines the contact is in, and its stage in each' })
  pipelines!: ContactPlacementResponse[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export const mapContact = (contact: ContactEntity, placements: ContactPlacement[]): ContactResponse => ({
  id: base64Id(contact.id),
  first_name: contact.firstName,
  last_name: contact.lastName,
  phone: contact.phone,
  email: contact.email,
  source: contact.source,
  assigned_to: contact.assignedTo === null ? null : apiId(contact.assignedTo),
  tags: contact.tags,
  custom_fields: contact.customFields,
  pipelines: placements.map((placement) => ({
    pipeline_id: base64Id(placement.pipelineId),
    pipeline_name: placement.pipelineName,
    stage_id: base64Id(placement.stageId),
    stage_name: placement.stageName,
    pipe_stage_id: Number(placement.pipeStageId),
  })),
  created_at: contact.createdAt.toISOString(),
  updated_at: contact.updatedAt.toISOString(),
});
