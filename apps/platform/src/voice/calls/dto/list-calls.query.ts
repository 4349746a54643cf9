import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { CALL_DIRECTIONS, CALL_STATUSES, type CallDirection, type CallStatus } from '@suite/contracts';
import { IsNumericId, PageQuery, type PageLimits } from '@suite/http';

export const CALLS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** GET /api/calls: newest first, optionally one agent's, contact's or campaign's, one direction or status. */
export class ListCallsQuery extends PageQuery(CALLS_PAGE, CompanyQuery) {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: "Only this AI agent's calls" })
  @IsOptional()
  @Type(() => Number)
  @IsNumericId()
  agent_id?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Only the calls with this CRM contact' })
  @IsOptional()
  @Type(() => Number)
  @IsNumericId()
  contact_id?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: "Only this dialer campaign's calls" })
  @IsOptional()
  @Type(() => Number)
  @IsNumericId()
  campaign_id?: number;

  @ApiPropertyOptional({ enum: CALL_DIRECTIONS })
  @IsOptional()
  @IsIn(CALL_DIRECTIONS)
  direction?: CallDirection;

  @ApiPropertyOptional({ enum: CALL_STATUSES })
  @IsOptional()
  @IsIn(CALL_STATUSES)
  status?: CallStatus;
}
