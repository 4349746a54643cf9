import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import { CompanyScope, type Principal } from '@suite/authz';
import { credentialDigest, generateOpaqueCredential } from '@suite/contracts';
import { CompanyScopedRepository, crossCompanyRepository } from '@suite/database';
import { Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { credentialIssued, credentialRevoked, isCredentialId } from '../shared/credential-events';
import { ApiKeyEntity } from './api-key.entity';

const NOT_FOUND = 'API key not found.';

/**
 * Workspace API keys of a company (the messaging API's `x-api-key`). Callers act on their own
 * company or, for an agency, a child company (CompanyScope; anything else is a 404). Each change
 * writes its `auth.credential.v1` event through the outbox in the same transaction.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly scope: CompanyScope,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(principal: Principal, input: { name: string; companyId?: string }): Promise<{ key: ApiKeyEntity; value: string }> {
    const companyId = await this.scope.resolve(principal, input.companyId);
    const value = generateOpaqueCredential('api_key');
    const now = this.clock.now();
    const key = await this.dataSource.transaction(async (manager) => {
      const keys = CompanyScopedRepository.of(manager, ApiKeyEntity, companyId);
      const saved = await keys.save(
        keys.create({
          id: randomUUID(),
          name: input.name,
          digest: credentialDigest(value),
          createdByUserId: actingUser(principal),
          createdAt: now,
          lastUsedAt: null,
          revokedAt: null,
          revokedByUserId: null,
        }),
      );
      await this.outbox.append(
        manager,
        credentialIssued({ ...saved, kind: 'api_key', userId: null, scopes: [], expiresAt: null }),
      );
      return saved;
    });
    return { key, value };
  }

  async list(principal: Principal, requestedCompanyId?: string): Promise<ApiKeyEntity[]> {
    const companyId = await this.scope.resolve(principal, requestedCompanyId);
    return CompanyScopedRepository.of(this.dataSource, ApiKeyEntity, companyId).find({
      where: { revokedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** Revokes a live key of the caller's company or of one of its child companies; anything else is a 404. */
  async revoke(principal: Principal, id: string): Promise<void> {
    if (!isCredentialId(id)) throw new AppError('not_found', NOT_FOUND);
    await this.dataSource.transaction(async (manager) => {
      // Found by its id in any company: an agency revokes its children's keys too, and assertOwned decides.
      const key = await crossCompanyRepository(manager, ApiKeyEntity).findOne({
        where: { id, revokedAt: IsNull() },
        lock: { mode: 'pessimistic_write' },
      });
      if (!key) throw new AppError('not_found', NOT_FOUND);
      await this.scope.assertOwned(principal, key.companyId, 'API key');
      const now = this.clock.now();
      await CompanyScopedRepository.of(manager, ApiKeyEntity, key.companyId).update(
        { id },
        { revokedAt: now, revokedByUserId: actingUser(principal) },
      );
      await this.outbox.append(manager, credentialRevoked({ id, kind: 'api_key', companyId: String(key.companyId) }, now));
    });
  }
}

/** API keys are managed by users (RequirePermission refuses an API key before this runs). */
function actingUser(principal: Principal): string {
  if (principal.userId === null) throw new AppError('forbidden', 'An API key cannot manage API keys.');
  return principal.actorUserId ?? principal.userId;
}
