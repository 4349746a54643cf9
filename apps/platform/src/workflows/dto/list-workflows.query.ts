import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { WORKFLOW_STATUSES, type WorkflowStatus } from '@suite/contracts';
import { PageQuery, type PageLimits } from '@suite/http';

export const WORKFLOWS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** GET /api/Workflow: newest first. */
export class ListWorkflowsQuery extends PageQuery(WORKFLOWS_PAGE, CompanyQuery) {
  @ApiPropertyOptional({
    maxLength: 200,
    description: 'Only the workflows of this folder (base64 or numeric id)',
    example: 'Mw==',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  folder_id?: string;

  @ApiPropertyOptional({ enum: WORKFLOW_STATUSES })
  @IsOptional()
  @IsIn(WORKFLOW_STATUSES)
  status?: WorkflowStatus;
}
