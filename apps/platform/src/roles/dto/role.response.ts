import type { Permission } from '@suite/contracts';
import { apiId } from '../../shared/api-ids';
import type { RoleEntity } from '../role.entity';

export interface RoleResponse {
  id: number;
  name: string;
  permissions: Permission[];
  users_count?: number;
}

export const mapRole = (role: RoleEntity, usersCount?: number): RoleResponse => ({
  id: apiId(role.id),
  name: role.name,
  permissions: role.permissions,
  ...(usersCount === undefined ? {} : { users_count: usersCount }),
});
