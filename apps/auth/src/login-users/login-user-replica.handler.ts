import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { normalizeEmail, type DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { LoginUserEntity } from './login-user.entity';

/** Keeps login_users in step with the platform's user events (snapshots carry the argon2id hash). */
@Injectable()
export class LoginUserReplicaHandler {
  @OnEvent('user.created', 'user.updated')
  async upsert({ data }: DomainEvent<'user.created' | 'user.updated'>, manager: EntityManager): Promise<void> {
    await manager.getRepository(LoginUserEntity).upsert(
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
  }

  @OnEvent('user.deleted')
  async deleted({ data, occurred_at }: DomainEvent<'user.deleted'>, manager: EntityManager): Promise<void> {
    await manager
      .getRepository(LoginUserEntity)
      .update({ id: data.id }, { deletedAt: new Date(occurred_at), passwordHash: null });
  }
}
