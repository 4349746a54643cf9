import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { JobsRuntime } from '@suite/jobs';
import { CLOCK, CompanyScopedRepository, ENVIRONMENT, unscopedRepository, type Clock } from '@suite/runtime';
import { CompanyEntity } from '../../companies/company.entity';
import type { PlatformEnvironment } from '../../config/platform-environment';
import { localDateAt } from '../../shared/local-day';
import { AdAccountEntity } from '../ad-account.entity';
import { AD_PLATFORM, type AdPlatform } from '../ad-platform.port';
import { AdSpendDayEntity } from '../ad-spend-day.entity';
import {
  AD_SPEND_SYNC_QUEUE,
  adSpendSyncKey,
  adSpendSyncQueue,
  type AdSpendSyncJob,
  type AdSpendSyncStore,
  type FetchedSpend,
} from './ad-spend-sync.queue';
import { syncWindow } from './sync-window';

/** The column's length: a longer provider message is cut there. */
const MAX_SYNC_ERROR = 500;

/**
 * The daily-spend syncs of ad accounts, on the `ad_spend.sync` queue. An account's syncs are one
 * chain: the first is enqueued with the account (connect), and each sync that settles — synced,
 * or out of tries — enqueues the next one PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS later; a
 * disconnected account ends its chain (its job finds no row and writes nothing).
 */
@Injectable()
export class AdSpendSync implements OnModuleInit, AdSpendSyncStore {
  private readonly intervalMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    @Inject(AD_PLATFORM) private readonly platform: AdPlatform,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENVIRONMENT) env: PlatformEnvironment,
  ) {
    this.intervalMs = env.PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS * 1000;
  }

  onModuleInit(): void {
    this.jobs.register(adSpendSyncQueue(this));
  }

  /** Starts a new account's chain (its first, initial sync now), in the transaction that writes the account. */
  async start(manager: EntityManager, account: Pick<AdAccountEntity, 'id' | 'companyId'>): Promise<void> {
    await this.enqueue(manager, { adAccountId: account.id, companyId: account.companyId, initial: true }, null);
  }

  async fetch(job: AdSpendSyncJob): Promise<FetchedSpend | null> {
    const account = await this.accounts(this.dataSource, job.companyId).findOneBy({ id: job.adAccountId });
    if (!account) return null;
    const company = await unscopedRepository(this.dataSource, CompanyEntity).findOneBy({ id: job.companyId });
    if (!company) return null;
    // The days stored are the company's local days: the provider is asked in its time zone.
    const { from, to } = syncWindow(localDateAt(this.clock.now().getTime(), company.timezone), job.initial);
    const days = await this.platform.dailySpend(account.provider, account.accountId, from, to, company.timezone);
    return { accountId: account.accountId, days };
  }

  async record(manager: EntityManager, job: AdSpendSyncJob, fetched: FetchedSpend | null): Promise<void> {
    if (fetched === null) return;
    const account = await this.lockedAccount(manager, job);
    if (!account) return;
    const now = this.clock.now();
    // Rows never change their provider id (a new account is a new row); should one, its spend is not this answer's.
    if (account.accountId !== fetched.accountId) return this.enqueue(manager, job, now);
    const days = CompanyScopedRepository.of(manager, AdSpendDayEntity, account.companyId);
    await days.upsert(
      fetched.days.map((day) =>
        days.create({
          adAccountId: account.id,
          day: day.day,
          amount: day.amount.toFixed(2),
          currency: day.currency,
          syncedAt: now,
        }),
      ),
      ['adAccountId', 'day'],
      ['amount', 'currency', 'syncedAt'],
    );
    await this.accounts(manager, account.companyId).update({ id: account.id }, { lastSyncedAt: now, lastSyncError: null });
    await this.enqueue(manager, { ...job, initial: false }, now);
  }

  async failedAttempt(manager: EntityManager, job: AdSpendSyncJob, error: string): Promise<void> {
    await this.accounts(manager, job.companyId).update({ id: job.adAccountId }, { lastSyncError: syncErrorText(error) });
  }

  async gaveUp(manager: EntityManager, job: AdSpendSyncJob, error: string): Promise<void> {
    const account = await this.lockedAccount(manager, job);
    if (!account) return;
    await this.accounts(manager, job.companyId).update({ id: account.id }, { lastSyncError: syncErrorText(error) });
    // A flaky provider recovers on the next regular sync; until one succeeded, each sync is an initial one.
    await this.enqueue(manager, { ...job, initial: account.lastSyncedAt === null }, this.clock.now());
  }

  /** `after` null: now; else the next sync, an interval after it. */
  private async enqueue(manager: EntityManager, job: AdSpendSyncJob, after: Date | null): Promise<void> {
    await this.jobs.enqueue(manager, {
      queue: AD_SPEND_SYNC_QUEUE,
      payload: job,
      concurrencyKey: adSpendSyncKey(job.adAccountId),
      ...(after ? { runAt: new Date(after.getTime() + this.intervalMs) } : {}),
    });
  }

  private lockedAccount(manager: EntityManager, job: AdSpendSyncJob): Promise<AdAccountEntity | null> {
    return this.accounts(manager, job.companyId).findOne({ where: { id: job.adAccountId }, lock: { mode: 'pessimistic_write' } });
  }

  private accounts(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<AdAccountEntity> {
    return CompanyScopedRepository.of(source, AdAccountEntity, companyId);
  }
}

/** At most the column's length, cut between characters (never inside a surrogate pair). */
export const syncErrorText = (error: string): string => Array.from(error).slice(0, MAX_SYNC_ERROR).join('');
