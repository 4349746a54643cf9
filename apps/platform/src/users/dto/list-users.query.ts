import { CompanyQuery } from '@suite/authz';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsPageNumber } from '@suite/runtime';

export const USERS_PER_PAGE_DEFAULT = 15;
export const USERS_PER_PAGE_MAX = 100;

export class ListUsersQuery extends CompanyQuery {
  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsPageNumber()
  page?: number;

  @ApiPropertyOptional({ default: USERS_PER_PAGE_DEFAULT, minimum: 1, maximum: USERS_PER_PAGE_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(USERS_PER_PAGE_MAX)
  per_page?: number;
}
