import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * `?company_id=` — an agency acting on one of its child companies. Resolved by CompanyScope:
 * the caller's own company when absent; any company other than its own or its children is 404.
 */
export class CompanyQuery {
  @ApiPropertyOptional({ description: 'A child company of the calling agency', example: '12' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  company_id?: string;
}
