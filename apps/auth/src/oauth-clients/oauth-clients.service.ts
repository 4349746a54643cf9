import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { GrantEntity } from '../grants/grant.entity';
import { GrantsService } from '../grants/grants.service';
import { newClientId, newClientSecret, secretDigest, secretMatches } from './client-credentials';
import { OAuthClientEntity } from './oauth-client.entity';
import { redirectUriProblem } from './redirect-uri';

export interface CreateOAuthClientInput {
  name: string;
  redirectUri: string;
  confidential: boolean;
  companyId: string;
}

/** OAuth client registration and lookup. Secrets are shown once and stored as digests. */
@Injectable()
export class OAuthClientsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly grants: GrantsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(input: CreateOAuthClientInput): Promise<{ client: OAuthClientEntity; secret: string | null }> {
    const problem = redirectUriProblem(input.redirectUri);
    if (problem) throw new AppError('invalid', `redirect_uri ${problem}.`, { redirect_uri: [problem] }, 'invalid_redirect_uri');
    const secret = input.confidential ? newClientSecret() : null;
    const repository = this.dataSource.getRepository(OAuthClientEntity);
    const client = await repository.save(
      repository.create({
        clientId: newClientId(),
        name: input.name,
        redirectUri: input.redirectUri,
        confidential: input.confidential,
        secretDigest: secret ? secretDigest(secret) : null,
        companyId: input.companyId,
        deletedAt: null,
      }),
    );
    return { client, secret };
  }

  list(companyId?: string): Promise<OAuthClientEntity[]> {
    return this.dataSource.getRepository(OAuthClientEntity).find({
      where: { deletedAt: IsNull(), ...(companyId ? { companyId } : {}) },
      order: { createdAt: 'ASC' },
    });
  }

  /** A live client, or null (unknown and deleted look the same). */
  findActive(clientId: string): Promise<OAuthClientEntity | null> {
    if (clientId.length === 0 || clientId.length > 64) return Promise.resolve(null);
    return this.dataSource.getRepository(OAuthClientEntity).findOneBy({ clientId, deletedAt: IsNull() });
  }

  async rotateSecret(clientId: string): Promise<{ client: OAuthClientEntity; secret: string }> {
    const client = await this.findActive(clientId);
    if (!client) throw new AppError('not_found', 'OAuth client not found.');
    if (!client.confidential) throw new AppError('invalid', 'A public client has no secret.', {}, 'invalid_request');
    const secret = newClientSecret();
    client.secretDigest = secretDigest(secret);
    await this.dataSource.getRepository(OAuthClientEntity).save(client);
    return { client, secret };
  }

  /** Soft-deletes the client and revokes every live grant of it (one `grant.revoked` each), atomically. */
  async delete(clientId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const result = await manager
        .createQueryBuilder()
        .update(OAuthClientEntity)
        .set({ deletedAt: now })
        .where('client_id = :clientId AND deleted_at IS NULL', { clientId })
        .execute();
      if (!result.affected) throw new AppError('not_found', 'OAuth client not found.');
      const live = await manager
        .getRepository(GrantEntity)
        .find({ where: { clientId, revokedAt: IsNull() }, select: { id: true } });
      for (const grant of live) await this.grants.revoke(manager, grant.id, 'client_deleted', now);
    });
  }

  /** Client authentication for the token endpoints (RFC 6749 §2.3); false means invalid_client. */
  authenticates(client: OAuthClientEntity, secret: string | undefined): boolean {
    if (client.confidential) return secret !== undefined && secretMatches(secret, client.secretDigest);
    return secret === undefined;
  }
}
