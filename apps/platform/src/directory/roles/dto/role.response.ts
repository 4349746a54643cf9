import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PERMISSIONS, type Permission } from '@suite/contracts';
import { apiId } from '../../../shared/api-ids';
import type { RoleEntity } from '../../users/role.entity';

export class RoleResponse {
  @ApiProperty({ type: 'integer', example: 3 }) id!: number;
  @ApiProperty({ example: 'Closer' }) name!: string;
  @ApiProperty({ enum: PERMISSIONS, isArray: true }) permissions!: Permission[];
  @ApiPropertyOptional({ type: 'integer', description: 'Live users holding the role; in the list only' })
  users_count?: number;
}

export const mapRole = (role: RoleEntity, usersCount?: number): RoleResponse => ({
  id: apiId(role.id),
  name: role.name,
  permissions: role.permissions,
  ...(usersCount === undefined ? {} : { users_count: usersCount }),
});
