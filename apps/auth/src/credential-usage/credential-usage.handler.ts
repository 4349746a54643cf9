import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { ApiKeyEntity } from '../api-keys/api-key.entity';
import { PersonalAccessTokenEntity } from '../personal-access-tokens/personal-access-token.entity';
import { isCredentialId } from '../shared/credential-events';
import { CLOCK, type Clock } from '@suite/time';

/**
 * Keeps `last_used_at` of personal access tokens and API keys from the `credential.used` reports
 * every app sends (libs/authz, decision 0008 addendum). Reports from several apps arrive in no
 * particular order, so a report only ever moves `last_used_at` forward.
 */
@Injectable()
export class CredentialUsageHandler {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  @OnEvent('credential.used')
  async used({ data }: DomainEvent<'credential.used'>, manager: EntityManager): Promise<void> {
    // Auth issues UUIDs; any other id cannot be a row here (and would fail the uuid cast).
    if (!isCredentialId(data.credential_id)) return;
    // An app whose clock runs ahead must not pin last_used_at in the future, where no later use could pass it.
    const usedAt = new Date(Math.min(Date.parse(data.used_at), this.clock.now().getTime()));
    await manager
      .createQueryBuilder()
      .update(data.kind === 'api_key' ? ApiKeyEntity : PersonalAccessTokenEntity)
      .set({ lastUsedAt: usedAt })
      // = GREATEST(last_used_at, used_at), without rewriting the row when the report is older.
      .where('id = :id AND company_id = :companyId AND (last_used_at IS NULL OR last_used_at < :usedAt)', {
        id: data.credential_id,
        companyId: data.company_id,
        usedAt,
      })
      .execute();
  }
}
