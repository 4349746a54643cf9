import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

/** A company id as `company_id` takes it: digits, no leading zero, within a bigint. */
export const COMPANY_ID_PATTERN = /^[1-9][0-9]{0,17}$/;
export const COMPANY_ID_MESSAGE = 'company_id must be a company id';

/**
 * `?company_id=` on a company-scoped route: an agency acting on one of its child companies;
 * absent, the caller's own company. A malformed id is a 400 naming the field; a well-formed id
 * of any company other than the caller's own or its children is a 404 (CompanyScope). Extend it
 * (or use it as is) in the query DTO of a route that accepts `company_id`.
 */
export class CompanyQuery {
  @ApiPropertyOptional({ description: "An agency's child company; default: the caller's company.", example: '12' })
  @IsOptional()
  @Matches(COMPANY_ID_PATTERN, { message: COMPANY_ID_MESSAGE })
  company_id?: string;
}
