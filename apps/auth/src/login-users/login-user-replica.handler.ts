import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { normalizeEmail, payloadOf, Topics, type EventEnvelope } from '@suite/contracts';
import type { EventHandler } from '@suite/eventing';
import { LoginUserEntity } from './login-user.entity';

/** Keeps login_users in step with the platform's user events (snapshots carry the argon2id hash). */
@Injectable()
export class LoginUserReplicaHandler implements EventHandler {
  readonly topics = [Topics.platformUser] as const;

  async handle(event: EventEnvelope, manager: EntityManager): Promise<void> {
    const repository = manager.getRepository(LoginUserEntity);
    switch (event.type) {
      case 'user.created':
      case 'user.updated': {
        const data = payloadOf(event.type, event.data);
        await repository.upsert(
          {
            id: data.id,
            companyId: data.company_id,
            email: normalizeEmail(data.email),
            passwordHash: data.password_hash,
            status: data.status,
            deletedAt: null,
          },
          { conflictPaths: ['id'] },
        );
        return;
      }
      case 'user.deleted': {
        const data = payloadOf('user.deleted', event.data);
        await repository.update({ id: data.id }, { deletedAt: new Date(event.occurred_at), passwordHash: null });
        return;
      }
      default:
        return;
    }
  }
}
