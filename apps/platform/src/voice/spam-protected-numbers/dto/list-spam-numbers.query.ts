import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery, type PageLimits } from '@suite/http';
import { SPAM_NUMBER_TYPES, SPAM_STATUSES } from '../spam-protected-number.entity';

export const SPAM_NUMBERS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

export const SPAM_STATUS_FILTERS = ['All', ...SPAM_STATUSES] as const;
export const SPAM_TYPE_FILTERS = ['All', ...SPAM_NUMBER_TYPES] as const;

/** GET /api/spam-protected-numbers: the signed-in company's rows, newest first (no company_id). */
export class ListSpamNumbersQuery extends PageQuery(SPAM_NUMBERS_PAGE) {
  @ApiPropertyOptional({ maxLength: 100, description: 'Part of the phone number, the type or the status (case-insensitive)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: SPAM_STATUS_FILTERS, default: 'All' })
  @IsOptional()
  @IsIn(SPAM_STATUS_FILTERS)
  status?: (typeof SPAM_STATUS_FILTERS)[number];

  @ApiPropertyOptional({ enum: SPAM_TYPE_FILTERS, default: 'All' })
  @IsOptional()
  @IsIn(SPAM_TYPE_FILTERS)
  type?: (typeof SPAM_TYPE_FILTERS)[number];
}
