import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { PageQuery, type PageLimits } from '@suite/http';

export const CONTACTS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** GET /api/contacts: newest first; `search` matches the name, phone or email. */
export class ListContactsQuery extends PageQuery(CONTACTS_PAGE, CompanyQuery) {
  @ApiPropertyOptional({
    maxLength: 100,
    description: 'Part of the first or last name, the phone number or the email (case-insensitive)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}
