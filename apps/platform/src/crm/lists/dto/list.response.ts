import { ApiProperty } from '@nestjs/swagger';
import { base64Id } from '../../../shared/api-ids';
import type { ListWithCount } from '../lists.service';

export class ListResponse {
  @ApiProperty({ description: 'base64 id', example: 'Nw==' }) id!: string;
  @ApiProperty({ maxLength: 255, example: 'Spring campaign' }) name!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Contacts on the list now' }) contacts_count!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export const mapList = ({ list, contactsCount }: ListWithCount): ListResponse => ({
  id: base64Id(list.id),
  name: list.name,
  contacts_count: contactsCount,
  created_at: list.createdAt.toISOString(),
});
