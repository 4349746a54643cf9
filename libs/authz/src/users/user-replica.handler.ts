import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { UserReplicaEntity } from './user-replica.entity';

/** Keeps UserReplicaEntity in step with the platform's user events. */
@Injectable()
export class UserReplicaHandler {
  @OnEvent('user.created', 'user.updated')
  async upsert({ data }: DomainEvent<'user.created' | 'user.updated'>, manager: EntityManager): Promise<void> {
    // Only what credential checks need; email and password_hash are not copied here.
    await manager
      .getRepository(UserReplicaEntity)
      .upsert(
        { id: data.id, companyId: data.company_id, status: data.status, permissions: [...data.permissions] },
        { conflictPaths: ['id'] },
      );
  }

  @OnEvent('user.deleted')
  async deleted({ data, occurred_at }: DomainEvent<'user.deleted'>, manager: EntityManager): Promise<void> {
    // Upsert: a deletion seen before the creation (a replica rebuilt from a compacted topic)
    // still leaves a tombstone.
    await manager
      .createQueryBuilder()
      .insert()
      .into(UserReplicaEntity)
      .values({ id: data.id, companyId: data.company_id, status: 'Inactive', permissions: [], deletedAt: new Date(occurred_at) })
      .orUpdate(['deleted_at'], ['id'])
      .execute();
  }
}
