import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { JobHandler, JobsRuntime, type JobQueue } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import { AdAccountsEnvironment } from '../ad-accounts-environment';
import { localDateAt } from '../../../shared/local-day';
import { AdAccountEntity } from '../ad-account.entity';
import {
  AD_PLATFORM,
  AdAccountUnreadableError,
  AdGrantRevokedError,
  AdPlatformThrottledError,
  type AdAccess,
  type AdPlatform,
} from '../ad-platform.port';
import { AdSpendDayEntity } from '../ad-spend-day.entity';
import { AdGrantsService } from '../grants/ad-grants.service';
import {
  AD_SPEND_SYNC_QUEUE,
  adSpendSyncKey,
  adSpendSyncSchedule,
  adSpendSyncQueue,
  type AdSpendSyncJob,
  type AdSpendSyncStore,
  type FetchedSpend,
} from './ad-spend-sync.queue';
import { syncWindow } from './sync-window';

/** The column's length: a longer provider message is cut there. */
const MAX_SYNC_ERROR = 500;
/** A throttled sync waits at least a minute and at most an hour, whatever the provider suggests. */
const THROTTLE_WAIT_MS = { min: 60_000, max: 3_600_000 };

/**
 * The daily-spend syncs of ad accounts, on the `ad_spend.sync` queue. Each account has one
 * schedule (`JobsRuntime.schedule`, named after the account: one durable row, run by one replica):
 * its first run is set with the account (connect), and each sync that settles — synced, throttled
 * (sooner, when the provider says), disconnected, or out of tries — sets the next one; a deleted
 * account ends it (its run finds no row and sets nothing). The provider is asked with the
 * company's grant (refreshed when due), for the account's own days.
 */
@Injectable()
export class AdSpendSync implements AdSpendSyncStore {
  private readonly intervalMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    @Inject(AD_PLATFORM) private readonly platform: AdPlatform,
    private readonly grants: AdGrantsService,
    @Inject(CLOCK) private readonly clock: Clock,
    env: AdAccountsEnvironment,
  ) {
    this.intervalMs = env.PLATFORM_AD_SPEND_SYNC_INTERVAL_SECONDS * 1000;
  }

  @JobHandler(AD_SPEND_SYNC_QUEUE)
  syncQueue(): JobQueue<AdSpendSyncJob, FetchedSpend | null> {
    return adSpendSyncQueue(this);
  }

  /** Starts a new account's schedule (its first, initial sync now), in the transaction that writes the account. */
  async start(manager: EntityManager, account: Pick<AdAccountEntity, 'id' | 'companyId'>): Promise<void> {
    await this.scheduleNext(manager, { adAccountId: account.id, companyId: account.companyId, initial: true }, null);
  }

  async fetch(job: AdSpendSyncJob): Promise<FetchedSpend | null> {
    const account = await this.accounts(this.dataSource, job.companyId).findOneBy({ id: job.adAccountId });
    if (!account) return null;
    if (account.status === 'disconnected') return { kind: 'idle' };
    // Providers report in the account's own time zone: its days are asked for, up to its today, and stored as reported.
    const { from, to } = syncWindow(localDateAt(this.clock.now().getTime(), account.timeZone), job.initial);
    const read = (access: AdAccess | null) => this.platform.dailySpend(account.provider, account.accountId, from, to, access);
    try {
      const days = this.platform.connectsWithoutGrant
        ? await read(null)
        : await this.grants.withAccess(job.companyId, account.provider, read);
      return { kind: 'spend', accountId: account.accountId, days };
    } catch (error) {
      if (error instanceof AdPlatformThrottledError) {
        const wait = Math.min(THROTTLE_WAIT_MS.max, Math.max(THROTTLE_WAIT_MS.min, error.retryAfterMs));
        return { kind: 'throttled', retryAfterMs: wait, reason: error.message };
      }
      if (error instanceof AdGrantRevokedError || error instanceof AdAccountUnreadableError) {
        return { kind: 'disconnected', reason: error.message };
      }
      throw error;
    }
  }

  async record(manager: EntityManager, job: AdSpendSyncJob, fetched: FetchedSpend | null): Promise<void> {
    if (fetched === null) return;
    const account = await this.lockedAccount(manager, job);
    if (!account) return;
    const now = this.clock.now();
    const accounts = this.accounts(manager, account.companyId);
    switch (fetched.kind) {
      case 'idle':
        return this.scheduleNext(manager, job, this.nextRun(now));
      case 'throttled':
        await accounts.update({ id: account.id }, { lastSyncError: syncErrorText(fetched.reason) });
        return this.scheduleNext(manager, job, new Date(now.getTime() + fetched.retryAfterMs));
      case 'disconnected':
        await accounts.update({ id: account.id }, { status: 'disconnected', disconnectedReason: syncErrorText(fetched.reason) });
        return this.scheduleNext(manager, job, this.nextRun(now));
      case 'spend':
        break;
    }
    // Rows never change their provider id (a new account is a new row); should one, its spend is not this answer's.
    if (account.accountId !== fetched.accountId) return this.scheduleNext(manager, job, this.nextRun(now));
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
    await accounts.update({ id: account.id }, { lastSyncedAt: now, lastSyncError: null });
    await this.scheduleNext(manager, { ...job, initial: false }, this.nextRun(now));
  }

  async failedAttempt(manager: EntityManager, job: AdSpendSyncJob, error: string): Promise<void> {
    await this.accounts(manager, job.companyId).update({ id: job.adAccountId }, { lastSyncError: syncErrorText(error) });
  }

  async gaveUp(manager: EntityManager, job: AdSpendSyncJob, error: string): Promise<void> {
    const account = await this.lockedAccount(manager, job);
    if (!account) return;
    await this.accounts(manager, job.companyId).update({ id: account.id }, { lastSyncError: syncErrorText(error) });
    // A flaky provider recovers on the next regular sync; until one succeeded, each sync is an initial one.
    await this.scheduleNext(manager, { ...job, initial: account.lastSyncedAt === null }, this.nextRun(this.clock.now()));
  }

  private nextRun(after: Date): Date {
    return new Date(after.getTime() + this.intervalMs);
  }

  /** The account's next sync; `runAt` null: now. */
  private async scheduleNext(manager: EntityManager, job: AdSpendSyncJob, runAt: Date | null): Promise<void> {
    await this.jobs.schedule(manager, {
      name: adSpendSyncSchedule(job.adAccountId),
      queue: AD_SPEND_SYNC_QUEUE,
      payload: job,
      concurrencyKey: adSpendSyncKey(job.adAccountId),
      ...(runAt ? { runAt } : {}),
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
