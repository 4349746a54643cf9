import type { EntityManager } from 'typeorm';
import { defineJob, type ClaimedJob, type JobQueue } from '@suite/jobs';
import type { DailySpend } from '../ad-platform.port';

export const AD_SPEND_SYNC_QUEUE = defineJob<AdSpendSyncJob>('ad_spend.sync', { app: 'platform' });

/** Tries of one sync: at once, then after about 30 s, 1 min and 2 min. */
export const SYNC_MAX_ATTEMPTS = 4;

/**
 * One sync of one account. `initial` fetches the last 90 local days (the first sync, and every
 * sync until one succeeded), otherwise the last 3.
 */
export interface AdSpendSyncJob {
  adAccountId: string;
  companyId: string;
  initial: boolean;
}

/**
 * What asking the provider came to:
 * - `spend`: the days it reported (with the account's provider id, to check the row still holds it);
 * - `throttled`: it asked to slow down — the same sync again after `retryAfterMs`, not a failure;
 * - `disconnected`: the grant no longer reads the account — the account shows why, spend null;
 * - `idle`: the account is disconnected; nothing was asked, the chain goes on at its interval.
 */
export type FetchedSpend =
  | { kind: 'spend'; accountId: string; days: DailySpend[] }
  | { kind: 'throttled'; retryAfterMs: number; reason: string }
  | { kind: 'disconnected'; reason: string }
  | { kind: 'idle' };

/** Reads and writes what the queue serves (AdSpendSync). */
export interface AdSpendSyncStore {
  /** The account's spend from the provider; null when the account is gone (disconnected): the chain then ends. */
  fetch(job: AdSpendSyncJob): Promise<FetchedSpend | null>;
  /** Writes the days, marks the account synced and schedules the next sync (a gone account: nothing). */
  record(manager: EntityManager, job: AdSpendSyncJob, fetched: FetchedSpend | null): Promise<void>;
  /** A failed try that will be retried: the account shows the error meanwhile. */
  failedAttempt(manager: EntityManager, job: AdSpendSyncJob, error: string): Promise<void>;
  /** Out of tries: the account shows the error, and the next regular sync is scheduled anyway. */
  gaveUp(manager: EntityManager, job: AdSpendSyncJob, error: string): Promise<void>;
}

/**
 * Syncs an account's daily spend from the ad platform (libs/jobs). The provider is asked in
 * `handle`, outside any transaction; the days are written in the transaction that settles the
 * job, so they commit if and only if the job does. A provider that cannot answer is asked again
 * with a doubling delay; one run per account at a time (the account id is the concurrency key).
 */
export function adSpendSyncQueue(store: AdSpendSyncStore): JobQueue<AdSpendSyncJob, FetchedSpend | null> {
  return {
    name: AD_SPEND_SYNC_QUEUE,
    concurrency: 4,
    perKeyConcurrency: 1,
    timeoutMs: 60_000,
    leaseMs: 150_000,
    pollMs: 5_000,
    stopGraceMs: 5_000,
    retry: { kind: 'exponential', maxAttempts: SYNC_MAX_ATTEMPTS, backoff: { baseMs: 30_000, maxMs: 600_000 } },
    handle: (job: ClaimedJob<AdSpendSyncJob>) => store.fetch(job.payload),
    succeeded: (manager, job, fetched) => store.record(manager, job.payload, fetched),
    willRetry: (manager, job, error) => store.failedAttempt(manager, job.payload, error),
    failed: (manager, job, error) => store.gaveUp(manager, job.payload, error),
  };
}

/** The concurrency key of an account's syncs. */
export const adSpendSyncKey = (adAccountId: string): string => `ad-account:${adAccountId}`;

/** The account's schedule (`JobsRuntime.schedule`): one row per account. */
export const adSpendSyncSchedule = (adAccountId: string): string => `${AD_SPEND_SYNC_QUEUE}:${adAccountId}`;
