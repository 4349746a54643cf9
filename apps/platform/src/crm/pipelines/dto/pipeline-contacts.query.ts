import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { IsNumericId, PageQuery, type PageLimits } from '@suite/http';

/** The spec's limits for pipeline contacts: `per_page` default 15, max 30. */
export const PIPELINE_CONTACTS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 30 };

/** GET /api/pipeline/{id}/contacts. */
export class PipelineContactsQuery extends PageQuery(PIPELINE_CONTACTS_PAGE, CompanyQuery) {
  @ApiPropertyOptional({
    maxLength: 200,
    description: 'One stage of the pipeline (base64 id; numeric also works); omit for all stages',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  stage_id?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Only the contacts assigned to this user' })
  @IsOptional()
  @Type(() => Number)
  @IsNumericId()
  assigned_to?: number;
}

/** GET /api/pipeline/contacts?pipeline_id={id}: the same list, the pipeline in the query. */
export class PipelineContactsByQuery extends PipelineContactsQuery {
  @ApiProperty({ maxLength: 200, description: 'The pipeline (base64 id; numeric also works)', example: 'NDI=' })
  @IsString()
  @MaxLength(200)
  pipeline_id!: string;
}
