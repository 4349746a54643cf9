import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import { credentialDigest, generateOpaqueCredential } from '@suite/contracts';
import { Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { credentialIssued, credentialRevoked, isCredentialId } from '../shared/credential-events';
import { PersonalAccessTokenEntity } from './personal-access-token.entity';
import { expiryProblem, personalAccessTokenScopes } from './personal-access-token-rules';

/** The user a token is created for and managed by (always the caller themself). */
export interface TokenOwner {
  userId: string;
  companyId: string;
}

export interface CreatePersonalAccessTokenInput {
  name: string;
  scopes: readonly string[];
  /** Null: never expires. */
  expiresAt: Date | null;
}

const NOT_FOUND = 'Personal access token not found.';

/**
 * A user's personal access tokens: created with the value shown once, listed without it, revoked.
 * Each change writes its `auth.credential.v1` event through the outbox in the same transaction,
 * so every app's replica accepts or refuses the token in step with this table.
 */
@Injectable()
export class PersonalAccessTokensService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(
    owner: TokenOwner,
    input: CreatePersonalAccessTokenInput,
  ): Promise<{ token: PersonalAccessTokenEntity; value: string }> {
    const checked = personalAccessTokenScopes(input.scopes);
    if ('problem' in checked) throw new AppError('invalid', `${checked.problem}.`, { scopes: [checked.problem] });
    const now = this.clock.now();
    const problem = expiryProblem(input.expiresAt, now);
    if (problem) throw new AppError('invalid', `${problem}.`, { expires_at: [problem] });

    const value = generateOpaqueCredential('personal_access_token');
    const token = await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(PersonalAccessTokenEntity);
      const saved = await repository.save(
        repository.create({
          id: randomUUID(),
          userId: owner.userId,
          companyId: owner.companyId,
          name: input.name,
          digest: credentialDigest(value),
          scopes: checked.scopes,
          createdAt: now,
          expiresAt: input.expiresAt,
          lastUsedAt: null,
          revokedAt: null,
        }),
      );
      await this.outbox.append(manager, credentialIssued({ ...saved, kind: 'personal_access_token' }));
      return saved;
    });
    return { token, value };
  }

  /** The owner's tokens that are not revoked (expired ones included: they show their expiry), oldest first. */
  list(owner: TokenOwner): Promise<PersonalAccessTokenEntity[]> {
    return this.dataSource.getRepository(PersonalAccessTokenEntity).find({
      where: { userId: owner.userId, revokedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** Revokes one of the owner's own tokens; anyone else's, unknown or already revoked is a 404. */
  async revoke(owner: TokenOwner, id: string): Promise<void> {
    if (!isCredentialId(id)) throw new AppError('not_found', NOT_FOUND);
    await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const result = await manager
        .createQueryBuilder()
        .update(PersonalAccessTokenEntity)
        .set({ revokedAt: now })
        .where('id = :id AND user_id = :userId AND revoked_at IS NULL', { id, userId: owner.userId })
        .returning(['id', 'companyId'])
        .execute();
      const row = (result.raw as Array<{ id: string; company_id: string }>)[0];
      if (!row) throw new AppError('not_found', NOT_FOUND);
      await this.outbox.append(
        manager,
        credentialRevoked({ id: row.id, kind: 'personal_access_token', companyId: String(row.company_id) }, now),
      );
    });
  }
}
