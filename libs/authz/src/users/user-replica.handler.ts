import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { payloadOf, Topics, type EventEnvelope } from '@suite/contracts';
import type { EventHandler } from '@suite/eventing';
import { UserReplicaEntity } from './user-replica.entity';

/** Keeps UserReplicaEntity in step with the platform's user events. */
@Injectable()
export class UserReplicaHandler implements EventHandler {
  readonly topics = [Topics.platformUser] as const;

  async handle(event: EventEnvelope, manager: EntityManager): Promise<void> {
    const repository = manager.getRepository(UserReplicaEntity);
    switch (event.type) {
      case 'user.created':
      case 'user.updated': {
        // Only what credential checks need; email and password_hash are not copied here.
        const data = payloadOf(event.type, event.data);
        await repository.upsert(
          { id: data.id, companyId: data.company_id, status: data.status, permissions: [...data.permissions] },
          { conflictPaths: ['id'] },
        );
        return;
      }
      case 'user.deleted': {
        const data = payloadOf('user.deleted', event.data);
        const deletedAt = new Date(event.occurred_at);
        // Upsert: a deletion seen before the creation (a replica rebuilt from a compacted topic)
        // still leaves a tombstone.
        await manager
          .createQueryBuilder()
          .insert()
          .into(UserReplicaEntity)
          .values({ id: data.id, companyId: data.company_id, status: 'Inactive', permissions: [], deletedAt })
          .orUpdate(['deleted_at'], ['id'])
          .execute();
        return;
      }
      default:
        // A newer producer may add event types; consumers ignore what they do not know.
        return;
    }
  }
}
