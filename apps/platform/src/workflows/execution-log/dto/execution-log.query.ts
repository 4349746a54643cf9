import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { WORKFLOW_RUN_STATUSES } from '@suite/contracts';
import { PageQuery, type PageLimits } from '@suite/http';
import { OptionalLocalDay } from '../../../shared/date.validators';
import { TRIGGER_CATALOG } from '../../definition/catalog/trigger-catalog';

export const EXECUTION_LOG_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 30 };
export const ALL = 'All';

const TRIGGER_TYPE_FILTERS = [ALL, ...TRIGGER_CATALOG.map((entry) => entry.type)];
const STATUS_FILTERS = [ALL, ...WORKFLOW_RUN_STATUSES];

/** GET /api/Workflow/execution-log: newest first; `All` (or nothing) leaves a filter out. */
export class ExecutionLogQuery extends PageQuery(EXECUTION_LOG_PAGE, CompanyQuery) {
  @ApiPropertyOptional({ maxLength: 200, description: '`All`, or one workflow (base64 or numeric id)', example: 'All' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  workflow_id?: string;

  @ApiPropertyOptional({ enum: TRIGGER_TYPE_FILTERS, description: '`All`, or a trigger type of the catalog' })
  @IsOptional()
  @IsIn(TRIGGER_TYPE_FILTERS)
  trigger_type?: string;

  @ApiPropertyOptional({ enum: STATUS_FILTERS, description: '`All`, or a run status' })
  @IsOptional()
  @IsIn(STATUS_FILTERS)
  status?: string;

  @OptionalLocalDay("Runs started on or after this day (Y-m-d), a day in the company's time zone")
  date_from?: string;

  @OptionalLocalDay("Runs started on or before this day (Y-m-d, inclusive), a day in the company's time zone")
  date_to?: string;
}
