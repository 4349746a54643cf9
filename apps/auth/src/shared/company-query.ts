import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

/** `?company_id=` on a company-scoped list: an agency's child company; default the caller's own. */
export class CompanyQuery {
  @ApiPropertyOptional({ description: "An agency's child company; default: the caller's company.", example: '12' })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'company_id must be a company id' })
  company_id?: string;
}
