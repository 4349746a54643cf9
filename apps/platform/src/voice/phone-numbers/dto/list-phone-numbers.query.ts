import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { PageQuery, type PageLimits } from '@suite/http';

export const PHONE_NUMBERS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** GET /api/phone-numbers: the company's live numbers, newest first. */
export class ListPhoneNumbersQuery extends PageQuery(PHONE_NUMBERS_PAGE, CompanyQuery) {
  @ApiPropertyOptional({ maxLength: 100, description: 'Part of the number or of its nickname (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}
