import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REFERENCE_KINDS } from '../definition/reference-kinds';
import type { CatalogEntry } from '../definition/catalog/catalog-entry';

const CONFIG_FIELD_TYPES = ['string', 'template', 'integer', 'enum', 'tag', 'reference', 'duration', 'weekly_time', 'conditions'];

/** One config field of a catalog entry: what the builder shows and validation reads. */
export class ConfigFieldResponse {
  @ApiProperty({ example: 'message' }) key!: string;
  @ApiProperty({ example: 'Message' }) label!: string;
  @ApiProperty({ enum: CONFIG_FIELD_TYPES }) type!: string;
  @ApiProperty() required!: boolean;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional({ type: 'integer' }) max_length?: number;
  @ApiPropertyOptional({ type: 'integer' }) minimum?: number;
  @ApiPropertyOptional({ type: 'integer' }) maximum?: number;
  @ApiPropertyOptional({ type: [String] }) options?: string[];
  @ApiPropertyOptional({ enum: REFERENCE_KINDS, description: 'The kind of company-specific id a reference field holds' })
  reference?: string;
}

export class CatalogEntryResponse {
  @ApiProperty({ example: 'send_sms' }) type!: string;
  @ApiProperty({ example: 'Send SMS' }) name!: string;
  @ApiProperty({ example: 'Messaging' }) category!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [ConfigFieldResponse] }) config_fields!: ConfigFieldResponse[];
}

export class ActionCatalogResponse {
  @ApiProperty({ type: 'integer', description: 'The number of actions returned' }) total!: number;
  @ApiProperty({ type: [String], description: 'Every category of the catalog, in catalog order' }) categories!: string[];
  @ApiProperty({ type: [CatalogEntryResponse] }) actions!: CatalogEntryResponse[];
}

export class TriggerCatalogResponse {
  @ApiProperty({ type: 'integer', description: 'The number of triggers returned' }) total!: number;
  @ApiProperty({ type: [String], description: 'Every category of the catalog, in catalog order' }) categories!: string[];
  @ApiProperty({ type: [CatalogEntryResponse] }) triggers!: CatalogEntryResponse[];
}

/** The distinct categories of `entries`, in the order they first appear. */
export const catalogCategories = (entries: readonly CatalogEntry[]): string[] => [
  ...new Set(entries.map((entry) => entry.category)),
];
