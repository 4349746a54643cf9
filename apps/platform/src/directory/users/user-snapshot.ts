import type { EntityManager } from 'typeorm';
import { isPermission, type UserSnapshotData } from '@suite/contracts';
import { newEvent, type Outbox } from '@suite/eventing';
import type { RoleEntity } from './role.entity';
import type { UserEntity } from './user.entity';

/** The full snapshot `user.created` / `user.updated` carry: what auth and every replica need. */
export const userSnapshot = (user: UserEntity, role: Pick<RoleEntity, 'id' | 'permissions'> | null): UserSnapshotData => ({
  id: user.id,
  company_id: user.companyId,
  email: user.email,
  name: user.name,
  status: user.status,
  role_id: role?.id ?? null,
  permissions: (role?.permissions ?? []).filter(isPermission),
  password_hash: user.passwordHash,
});

/** Appends `user.created` or `user.updated` for `user` to the outbox, in the caller's transaction. */
export const appendUserSnapshot = (
  outbox: Outbox,
  manager: EntityManager,
  type: 'user.created' | 'user.updated',
  user: UserEntity,
  role: Pick<RoleEntity, 'id' | 'permissions'> | null,
) => outbox.append(manager, newEvent(type, { companyId: user.companyId, subject: user.id, data: userSnapshot(user, role) }));
