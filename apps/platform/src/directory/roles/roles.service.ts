import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { Permission } from '@suite/contracts';
import { Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import { assertGrantable, assertMayEditRole } from '../../shared/grantable';
import { appendUserSnapshot } from '../users/user-snapshot';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { RoleEntity } from '../users/role.entity';

const ROLE_NOT_FOUND = 'Role not found.';

export interface RoleInput {
  name: string;
  permissions: Permission[];
}

/**
 * Roles of a company. A change of a role's permissions re-publishes `user.updated` for each of
 * its users in the same transaction: the replicas of every app hold permissions per user, so
 * that is how they learn the new rights. A role still assigned to a user cannot be deleted.
 * A caller edits only a role whose permissions it holds all of, and adds only permissions it
 * holds (decision 0009 §6 and §10).
 */
@Injectable()
export class RolesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async list(companyId: string): Promise<Array<{ role: RoleEntity; usersCount: number }>> {
    const roles = await this.roles(this.dataSource, companyId).find({ order: { id: 'ASC' } });
    const byRole = await CompanyScopedRepository.of(this.dataSource, UserEntity, companyId).countPer('roleId', {
      deletedAt: IsNull(),
    });
    return roles.map((role) => ({ role, usersCount: byRole.get(role.id) ?? 0 }));
  }

  create(companyId: string, input: RoleInput, callerPermissions?: readonly Permission[]): Promise<RoleEntity> {
    assertGrantable(input.permissions, callerPermissions);
    const roles = this.roles(this.dataSource, companyId);
    return roles.save(roles.create({ name: input.name, permissions: [...new Set(input.permissions)] }));
  }

  update(companyId: string, id: string, input: RoleInput, callerPermissions?: readonly Permission[]): Promise<RoleEntity> {
    return this.dataSource.transaction(async (manager) => {
      const roles = this.roles(manager, companyId);
      const role = await roles.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!role) throw new AppError('not_found', ROLE_NOT_FOUND);
      assertMayEditRole(role.permissions, callerPermissions);
      const permissions = [...new Set(input.permissions)];
      const added = permissions.filter((permission) => !role.permissions.includes(permission));
      assertGrantable(added, callerPermissions);
      const changed = added.length > 0 || permissions.length !== role.permissions.length;
      role.name = input.name;
      role.permissions = permissions;
      await roles.save(role);
      if (changed) {
        for (const user of await UsersService.liveUsersOfRoles(manager, companyId, [role.id])) {
          await appendUserSnapshot(this.outbox, manager, 'user.updated', user, role);
        }
      }
      return role;
    });
  }

  delete(companyId: string, id: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const roles = this.roles(manager, companyId);
      // FOR UPDATE: waits for (and blocks) a user being given this role at the same time.
      const role = await roles.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!role) throw new AppError('not_found', ROLE_NOT_FOUND);
      const assigned = await CompanyScopedRepository.of(manager, UserEntity, companyId).count({
        where: { roleId: role.id, deletedAt: IsNull() },
      });
      if (assigned > 0) {
        throw new AppError(
          'conflict',
          `The role is still assigned to ${assigned} user${assigned === 1 ? '' : 's'}; give them another role before deleting it.`,
          { role: [`assigned to ${assigned} user${assigned === 1 ? '' : 's'}`] },
        );
      }
      await roles.delete({ id: role.id });
    });
  }

  /** The company's roles, in `source` (the DataSource, or a transaction's manager). */
  private roles(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<RoleEntity> {
    return CompanyScopedRepository.of(source, RoleEntity, companyId);
  }
}
