import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation, CompanyScopedRepository, crossCompanyRepository } from '@suite/database';
import { AppError } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { AD_ACCOUNT_HELD_UNIQUE, AD_ACCOUNT_PROVIDER_UNIQUE, AdAccountEntity } from './ad-account.entity';
import {
  AD_PLATFORM,
  AdGrantRevokedError,
  AdPlatformUnavailableError,
  type AdAccountDetails,
  type AdPlatform,
} from './ad-platform.port';
import { connectProblems, providerRank, type AdProvider } from './ad-provider';
import {
  AD_ACCOUNT_NOT_FOUND,
  AD_PLATFORM_UNAVAILABLE,
  alreadyConnected,
  HELD_ELSEWHERE,
  NOT_FOUND_AT_PROVIDER,
} from './ad-account-messages';
import { AdGrantsService } from './grants/ad-grants.service';
import { AdSpendSync } from './sync/ad-spend-sync';

/**
 * The company's ad accounts: one per provider, checked at the provider when connected — with the
 * company's grant, which must read the account, unless the platform is the sandbox — held by one
 * company at a time, and synced from then on (AdSpendSync). Disconnecting deletes the account and
 * its spend (the grant stays, for the next account).
 */
@Injectable()
export class AdAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AD_PLATFORM) private readonly platform: AdPlatform,
    private readonly sync: AdSpendSync,
    private readonly grants: AdGrantsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Provider order: facebook, google. */
  async list(companyId: string): Promise<AdAccountEntity[]> {
    const rows = await this.accounts(this.dataSource, companyId).find();
    return rows.sort((a, b) => providerRank(a.provider) - providerRank(b.provider));
  }

  /**
   * Connects the account and starts its syncs, in one transaction. 422 by field for a provider or
   * account id written wrong; 422 when the company holds no working grant of the provider (live),
   * when the provider has no such account or the grant cannot read it, or when another company
   * holds the account (checked only after the company proved it may read it, so the answer tells
   * nobody else whether an id is in use; a partial unique index decides between two at once); 409
   * when the company already has an account of that provider (a unique index decides too).
   */
  async connect(companyId: string, provider: string, accountId: string): Promise<AdAccountEntity> {
    const problems = connectProblems(provider, accountId);
    const first = Object.values(problems)[0];
    if (first) throw new AppError('unprocessable', first[0]!, problems);
    const adProvider = provider as AdProvider;
    if (await this.accounts(this.dataSource, companyId).exists({ where: { provider: adProvider } })) {
      throw this.conflict(adProvider);
    }
    const details = await this.lookup(companyId, adProvider, accountId);
    const held = await crossCompanyRepository(this.dataSource, AdAccountEntity).exists({
      where: { provider: adProvider, accountId, status: 'connected' },
    });
    if (held) throw heldElsewhere();
    try {
      return await this.dataSource.transaction(async (manager) => {
        const accounts = this.accounts(manager, companyId);
        const account = await accounts.save(
          accounts.create({
            provider: adProvider,
            accountId,
            name: details.name,
            currency: details.currency,
            timeZone: details.timeZone,
            status: 'connected',
            disconnectedReason: null,
            connectedAt: this.clock.now(),
            lastSyncedAt: null,
            lastSyncError: null,
          }),
        );
        await this.sync.start(manager, account);
        return account;
      });
    } catch (error) {
      if (isUniqueViolation(error, AD_ACCOUNT_PROVIDER_UNIQUE)) throw this.conflict(adProvider);
      if (isUniqueViolation(error, AD_ACCOUNT_HELD_UNIQUE)) throw heldElsewhere();
      throw error;
    }
  }

  /** Deletes the account; its spend days go with it (ON DELETE CASCADE) and its sync chain ends. */
  async disconnect(companyId: string, id: string): Promise<void> {
    const deleted = await this.accounts(this.dataSource, companyId).delete({ id });
    if (deleted === 0) throw new AppError('not_found', AD_ACCOUNT_NOT_FOUND);
  }

  /** The account at the provider, read with the company's grant (the sandbox needs none). */
  private async lookup(companyId: string, provider: AdProvider, accountId: string): Promise<AdAccountDetails> {
    let details: AdAccountDetails | null;
    try {
      details = this.platform.connectsWithoutGrant
        ? await this.platform.lookupAccount(provider, accountId, null)
        : await this.grants.withAccess(companyId, provider, (access) => this.platform.lookupAccount(provider, accountId, access));
    } catch (error) {
      if (error instanceof AdPlatformUnavailableError) throw new AppError('unavailable', AD_PLATFORM_UNAVAILABLE);
      if (error instanceof AdGrantRevokedError)
        throw new AppError('unprocessable', error.message, { account_id: [error.message] });
      throw error;
    }
    if (!details) throw new AppError('unprocessable', NOT_FOUND_AT_PROVIDER, { account_id: [NOT_FOUND_AT_PROVIDER] });
    return details;
  }

  private conflict(provider: AdProvider): AppError {
    return new AppError('conflict', alreadyConnected(provider), { provider: [alreadyConnected(provider)] });
  }

  private accounts(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<AdAccountEntity> {
    return CompanyScopedRepository.of(source, AdAccountEntity, companyId);
  }
}

const heldElsewhere = (): AppError => new AppError('unprocessable', HELD_ELSEWHERE, { account_id: [HELD_ELSEWHERE] });
