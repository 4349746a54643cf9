import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { IsOmittable } from '@suite/http';
import { DASHBOARD_RANGES, DEFAULT_DASHBOARD_RANGE } from '../../ranges/dashboard-ranges';

/**
 * GET /api/dashboard/business: the preset (in the company's time zone), and an agency's child
 * with `company_id`. `range` is any short string here: a value outside the presets is the
 * issue's 422 (the service), not the validation pipe's 400.
 */
export class BusinessOverviewQuery extends CompanyQuery {
  @ApiPropertyOptional({ enum: DASHBOARD_RANGES, default: DEFAULT_DASHBOARD_RANGE })
  @IsOmittable()
  @IsString()
  @MaxLength(32)
  range?: string;
}
