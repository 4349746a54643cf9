import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { CredentialReplicaEntity } from './credential-replica.entity';
import { RevokedGrantEntity } from './revoked-grant.entity';

/** Keeps CredentialReplicaEntity and RevokedGrantEntity in step with auth's credential events. */
@Injectable()
export class CredentialReplicaHandler {
  @OnEvent('credential.issued')
  async issued({ data }: DomainEvent<'credential.issued'>, manager: EntityManager): Promise<void> {
    // revoked_at is not overwritten: a replayed issue never un-revokes.
    await manager.getRepository(CredentialReplicaEntity).upsert(
      {
        digest: data.digest,
        credentialId: data.credential_id,
        kind: data.kind,
        companyId: data.company_id,
        userId: data.user_id,
        name: data.name,
        scopes: [...data.scopes],
        expiresAt: data.expires_at === null ? null : new Date(data.expires_at),
      },
      { conflictPaths: ['digest'] },
    );
  }

  @OnEvent('credential.revoked')
  async revoked({ data }: DomainEvent<'credential.revoked'>, manager: EntityManager): Promise<void> {
    // Unknown credential: nothing to revoke here (it is not accepted either).
    await manager
      .createQueryBuilder()
      .update(CredentialReplicaEntity)
      .set({ revokedAt: new Date(data.revoked_at) })
      .where('credential_id = :id AND revoked_at IS NULL', { id: data.credential_id })
      .execute();
  }

  @OnEvent('grant.revoked')
  async grantRevoked({ data }: DomainEvent<'grant.revoked'>, manager: EntityManager): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(RevokedGrantEntity)
      .values({ grantId: data.grant_id, clientId: data.client_id, userId: data.user_id, revokedAt: new Date(data.revoked_at) })
      .orIgnore()
      .execute();
  }
}
