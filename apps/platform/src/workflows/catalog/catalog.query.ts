import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CompanyQuery } from '@suite/authz';
import { IsOmittable } from '@suite/http';

/** GET /api/Workflow/catalog/actions: an unknown category selects nothing (200, no actions), as a filter does. */
export class ActionCatalogQuery extends CompanyQuery {
  @ApiPropertyOptional({ maxLength: 100, description: 'Only the actions of this category (exact name)', example: 'Messaging' })
  @IsOmittable()
  @IsString()
  @MaxLength(100)
  category?: string;
}
