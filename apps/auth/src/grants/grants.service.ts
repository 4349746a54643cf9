import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { RefreshTokenEntity } from '../tokens/refresh-token.entity';
import { GrantEntity } from './grant.entity';

export type GrantRevocationReason = 'code_replay' | 'refresh_token_reuse' | 'client_deleted' | 'user_revoked';

/** Revokes grants: the grant, its refresh tokens and, through `grant.revoked`, its access tokens everywhere. */
@Injectable()
export class GrantsService {
  constructor(private readonly outbox: Outbox) {}

  /**
   * Revokes in the caller's transaction. Idempotent: a grant already revoked stays as it was
   * and no second event is written. Returns whether this call revoked it.
   */
  async revoke(manager: EntityManager, grantId: string, reason: GrantRevocationReason, now: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(GrantEntity)
      .set({ revokedAt: now, revokedReason: reason })
      .where('id = :grantId AND revoked_at IS NULL', { grantId })
      .returning(['id', 'clientId', 'userId', 'companyId'])
      .execute();
    const row = (result.raw as Array<{ id: string; client_id: string; user_id: string; company_id: string }>)[0];
    if (!row) return false;
    await manager
      .createQueryBuilder()
      .update(RefreshTokenEntity)
      .set({ revokedAt: now })
      .where('grant_id = :grantId AND revoked_at IS NULL', { grantId })
      .execute();
    await this.outbox.append(
      manager,
      newEvent('grant.revoked', {
        companyId: String(row.company_id),
        subject: row.id,
        data: {
          grant_id: row.id,
          client_id: row.client_id,
          user_id: String(row.user_id),
          company_id: String(row.company_id),
          reason,
          revoked_at: now.toISOString(),
        },
      }),
    );
    return true;
  }
}
