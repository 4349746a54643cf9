import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AdAccountEntity } from './ad-account.entity';
import { AdSpendDayEntity } from './ad-spend-day.entity';
import { providerRank, type AdProvider } from './ad-provider';

export interface AccountSpend {
  provider: AdProvider;
  /** Our id. */
  adAccountId: string;
  /** The provider's. */
  accountId: string;
  name: string;
  currency: string;
  /** The zone the provider reports the account's days in. */
  timeZone: string;
  /** False when the grant no longer reads it (docs/ad-accounts.md); its amount is then null. */
  connected: boolean;
  /** Why it is disconnected; null while connected. */
  disconnectedReason: string | null;
  /** Sum over the days, 2 decimals; null until the account's first sync succeeded, and while disconnected (unknown, never 0). */
  amount: number | null;
}

/**
 * The ad spend the business dashboard shows. The days stored are each account's own (its provider
 * reports in the account's time zone); a range of the company's local days sums the account's
 * days of the same dates. A provider with no account has no row here at all: the dashboard shows
 * it as null, never 0; so is a disconnected account's.
 */
@Injectable()
export class AdSpendReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The company's accounts (provider order) with their spend over the days from..to (inclusive,
   * 'YYYY-MM-DD'): the account's days of those dates.
   */
  async spendIn(companyId: string, from: string, to: string): Promise<AccountSpend[]> {
    const accounts = await CompanyScopedRepository.of(this.dataSource, AdAccountEntity, companyId).find();
    if (accounts.length === 0) return [];
    const sums: Array<{ ad_account_id: string; amount: string }> = await CompanyScopedRepository.of(
      this.dataSource,
      AdSpendDayEntity,
      companyId,
    )
      .rowsOf('d')
      .select('d.ad_account_id::text', 'ad_account_id')
      // numeric sums exactly; read as text so no float enters before the end.
      .addSelect('SUM(d.amount)::text', 'amount')
      .where('d.day >= :from AND d.day <= :to', { from, to })
      .groupBy('d.ad_account_id')
      .getRawMany();
    const sumOf = new Map(sums.map((row) => [row.ad_account_id, row.amount]));
    return accounts
      .sort((a, b) => providerRank(a.provider) - providerRank(b.provider))
      .map((account) => ({
        provider: account.provider,
        adAccountId: account.id,
        accountId: account.accountId,
        name: account.name,
        currency: account.currency,
        timeZone: account.timeZone,
        connected: account.status === 'connected',
        disconnectedReason: account.disconnectedReason,
        amount:
          account.lastSyncedAt === null || account.status !== 'connected'
            ? null
            : Number(Number(sumOf.get(account.id) ?? '0').toFixed(2)),
      }));
  }
}
