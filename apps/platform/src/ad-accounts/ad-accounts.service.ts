import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation } from '@suite/database';
import { AppError, CLOCK, CompanyScopedRepository, type Clock } from '@suite/runtime';
import { AD_ACCOUNT_PROVIDER_UNIQUE, AdAccountEntity } from './ad-account.entity';
import { AD_PLATFORM, AdPlatformUnavailableError, type AdAccountDetails, type AdPlatform } from './ad-platform.port';
import { connectProblems, providerRank, type AdProvider } from './ad-provider';
import { AdSpendSync } from './sync/ad-spend-sync';

export const AD_ACCOUNT_NOT_FOUND = 'Ad account not found.';
export const NOT_FOUND_AT_PROVIDER = 'Ad account not found at the provider.';
export const AD_PLATFORM_UNAVAILABLE = 'The ad platform cannot be reached; try again later.';
export const alreadyConnected = (provider: string) => `A ${provider} ad account is already connected.`;

/**
 * The company's ad accounts: one per provider, checked at the provider when connected, and
 * synced from then on (AdSpendSync). Disconnecting deletes the account and its spend.
 */
@Injectable()
export class AdAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AD_PLATFORM) private readonly platform: AdPlatform,
    private readonly sync: AdSpendSync,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Provider order: facebook, google. */
  async list(companyId: string): Promise<AdAccountEntity[]> {
    const rows = await this.accounts(this.dataSource, companyId).find();
    return rows.sort((a, b) => providerRank(a.provider) - providerRank(b.provider));
  }

  /**
   * Connects the account and starts its syncs, in one transaction. 422 by field for a provider or
   * account id written wrong, 422 when the provider has no such account, 409 when the company
   * already has an account of that provider (the unique index decides between two at once).
   */
  async connect(companyId: string, provider: string, accountId: string): Promise<AdAccountEntity> {
    const problems = connectProblems(provider, accountId);
    const first = Object.values(problems)[0];
    if (first) throw new AppError('unprocessable', first[0]!, problems);
    const adProvider = provider as AdProvider;
    if (await this.accounts(this.dataSource, companyId).exists({ where: { provider: adProvider } })) {
      throw this.conflict(adProvider);
    }
    const details = await this.lookup(adProvider, accountId);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const accounts = this.accounts(manager, companyId);
        const account = await accounts.save(
          accounts.create({
            provider: adProvider,
            accountId,
            name: details.name,
            currency: details.currency,
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
      throw error;
    }
  }

  /** Deletes the account; its spend days go with it (ON DELETE CASCADE) and its sync chain ends. */
  async disconnect(companyId: string, id: string): Promise<void> {
    const deleted = await this.accounts(this.dataSource, companyId).delete({ id });
    if (deleted === 0) throw new AppError('not_found', AD_ACCOUNT_NOT_FOUND);
  }

  private async lookup(provider: AdProvider, accountId: string): Promise<AdAccountDetails> {
    let details: AdAccountDetails | null;
    try {
      details = await this.platform.lookupAccount(provider, accountId);
    } catch (error) {
      if (error instanceof AdPlatformUnavailableError) throw new AppError('unavailable', AD_PLATFORM_UNAVAILABLE);
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
