import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { PageQuery, type PageLimits } from '@suite/http';

export const AI_SPAM_NUMBERS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** GET /api/ai/dashboard/spam-numbers: the company's AI numbers that are Flagged or In Progress, newest first. */
export class ListAiSpamNumbersQuery extends PageQuery(AI_SPAM_NUMBERS_PAGE, CompanyQuery) {
  @ApiPropertyOptional({
    maxLength: 100,
    description: 'Part of the phone number, its nickname or its area code (case-insensitive)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}
