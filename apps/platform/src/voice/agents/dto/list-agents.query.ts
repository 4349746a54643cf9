import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { PageQuery, type PageLimits } from '@suite/http';

export const AGENTS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };
export const AGENT_STATUS_FILTERS = ['All', 'online', 'offline'] as const;
export const BOOLEAN_FILTERS = ['true', 'false'] as const;

/** GET /api/agents: by name (then id). */
export class ListAgentsQuery extends PageQuery(AGENTS_PAGE, CompanyQuery) {
  @ApiPropertyOptional({ maxLength: 255, description: 'Part of the name (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  search?: string;

  @ApiPropertyOptional({ enum: AGENT_STATUS_FILTERS, default: 'All' })
  @IsOptional()
  @IsIn(AGENT_STATUS_FILTERS)
  status?: (typeof AGENT_STATUS_FILTERS)[number];

  @ApiPropertyOptional({
    enum: BOOLEAN_FILTERS,
    description: 'Only active (true) or inactive (false) agents; both when left out',
  })
  @IsOptional()
  @IsIn(BOOLEAN_FILTERS)
  active?: (typeof BOOLEAN_FILTERS)[number];
}
