import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { payloadOf, Topics, type EventEnvelope } from '@suite/contracts';
import type { EventHandler } from '@suite/eventing';
import { CredentialReplicaEntity } from './credential-replica.entity';
import { RevokedGrantEntity } from './revoked-grant.entity';

/** Keeps CredentialReplicaEntity and RevokedGrantEntity in step with auth's credential events. */
@Injectable()
export class CredentialReplicaHandler implements EventHandler {
  readonly topics = [Topics.authCredential] as const;

  async handle(event: EventEnvelope, manager: EntityManager): Promise<void> {
    switch (event.type) {
      case 'credential.issued': {
        const data = payloadOf('credential.issued', event.data);
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
        return;
      }
      case 'credential.revoked': {
        const data = payloadOf('credential.revoked', event.data);
        // Unknown credential: nothing to revoke here (it is not accepted either).
        await manager
          .createQueryBuilder()
          .update(CredentialReplicaEntity)
          .set({ revokedAt: new Date(data.revoked_at) })
          .where('credential_id = :id AND revoked_at IS NULL', { id: data.credential_id })
          .execute();
        return;
      }
      case 'grant.revoked': {
        const data = payloadOf('grant.revoked', event.data);
        await manager
          .createQueryBuilder()
          .insert()
          .into(RevokedGrantEntity)
          .values({
            grantId: data.grant_id,
            clientId: data.client_id,
            userId: data.user_id,
            revokedAt: new Date(data.revoked_at),
          })
          .orIgnore()
          .execute();
        return;
      }
      default:
        return;
    }
  }
}
