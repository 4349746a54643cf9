import type { EntityManager } from 'typeorm';
import { assertRetrySchedule, type RetrySchedule } from './retry-schedule';

/** A job as its handler sees it. */
export interface ClaimedJob<P = unknown> {
  readonly id: string;
  readonly queue: string;
  readonly concurrencyKey: string | null;
  readonly payload: P;
  /** This run's number, from 1. */
  readonly attempt: number;
  /** Guards every write of this claim (see JobStore). */
  readonly lockToken: string;
  /** Seconds from its due time to this claim (metrics). */
  readonly waitedSeconds: number;
  /**
   * Its row of the queue's `claimFollowUp`, written in the claim's own transaction; null when the
   * follow-up gave none for it, absent when the queue has no follow-up.
   */
  readonly claimedWith?: Record<string, unknown> | null;
}

/**
 * A statement a queue runs in the same round trip and transaction as the claim, right after it (a
 * run's first reads and writes, so they cost no round trip of their own: issue 31). `sql(claimed)`
 * gets `claimed`, a relation of the jobs just claimed with the columns `job_id` (uuid) and `payload`
 * (jsonb), and returns one statement without bind parameters (it travels in the simple query
 * protocol) whose rows carry `job_id`. A failure rolls the claim back with it.
 */
export interface ClaimFollowUp {
  sql(claimed: string): string;
}

/** A settling group's job rows, for a queue that deletes them in its own statement (`JobQueue.settleMany`). */
export interface SettlingJobs {
  /**
   * A DELETE of those rows still owned by their claim, `RETURNING j.id` — for a CTE of the queue's
   * statement; `ids` and `tokens` are its parameters (uuid[]) holding `ids` and `lockTokens` below.
   */
  deleteSql(ids: string, tokens: string): string;
  readonly ids: readonly string[];
  readonly lockTokens: readonly string[];
}

/** A successful run waiting to be settled with others (`JobQueue.succeededMany`). */
export interface SucceededRun<P = unknown, R = unknown> {
  readonly job: ClaimedJob<P>;
  readonly result: R;
}

/**
 * What a queue does and how. The hooks run in the transaction that settles the job, after the
 * job row's guarded update: when the lease was lost meanwhile (another run owns the job), neither
 * the job nor the hook writes anything. So a business row updated there follows its job exactly.
 */
export interface JobQueue<P = unknown, R = unknown> {
  readonly name: string;
  /** Jobs of this queue run at once per replica. */
  readonly concurrency: number;
  /** Jobs sharing a concurrency key run at most this many at once across replicas (unset: no limit). */
  readonly perKeyConcurrency?: number;
  /** How long a claim holds; at least twice `timeoutMs`, so a live worker never loses a job it runs. */
  readonly leaseMs: number;
  /** A run is aborted (its signal fires) after this long, and counts as a failed attempt. */
  readonly timeoutMs: number;
  /** Fallback when no NOTIFY arrives (other replicas' enqueues whose notification was lost, due retries). */
  readonly pollMs: number;
  /** At shutdown, how long running jobs may finish before they are aborted (and retried later). */
  readonly stopGraceMs: number;
  readonly retry: RetrySchedule;
  /** Runs with every claim of this queue; each job gets its row as `claimedWith`. */
  readonly claimFollowUp?: ClaimFollowUp;
  /** A failure that no retry will change (an SMTP 5xx): the job fails at once. */
  isPermanent?(error: unknown): boolean;
  handle(job: ClaimedJob<P>, signal: AbortSignal): Promise<R>;
  succeeded?(manager: EntityManager, job: ClaimedJob<P>, result: R): Promise<void>;
  /**
   * Instead of `succeeded`, for queues that run many short jobs: successful runs are settled
   * together (group commit: while one group's transaction runs, the next gathers), so one commit
   * and a few set-based statements serve many jobs. `runs` holds only the runs this worker still
   * owns. If the group's transaction fails, each run is settled again on its own, so one bad run
   * cannot hold back the others.
   */
  succeededMany?(manager: EntityManager, runs: ReadonlyArray<SucceededRun<P, R>>): Promise<void>;
  /**
   * Like `succeededMany` (grouped the same way), for a queue whose settling statement deletes the
   * group's job rows itself (`jobs.deleteSql` in one of its CTEs), one statement less per group
   * (issue 31). Gets every run of the group; writes only for the jobs that statement deleted (their
   * claims held) and returns their ids — for a job whose claim was lost, nothing may be written.
   */
  settleMany?(manager: EntityManager, runs: ReadonlyArray<SucceededRun<P, R>>, jobs: SettlingJobs): Promise<ReadonlySet<string>>;
  willRetry?(manager: EntityManager, job: ClaimedJob<P>, error: string, delayMs: number): Promise<void>;
  /** Out of attempts, failed for good, or abandoned on its last attempt (`job` is then the last claim). */
  failed?(manager: EntityManager, job: ClaimedJob<P>, error: string): Promise<void>;
}

const NAME = /^[a-z][a-z0-9_.-]{0,99}$/;

export function assertJobQueue(queue: JobQueue<never, unknown>): void {
  if (!NAME.test(queue.name)) throw new Error(`jobs: queue name "${queue.name}" must match ${NAME}`);
  for (const [what, value] of Object.entries({
    concurrency: queue.concurrency,
    perKeyConcurrency: queue.perKeyConcurrency ?? 1,
  })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`jobs: queue ${queue.name}: ${what} must be a positive integer`);
  }
  if (queue.leaseMs < 2 * queue.timeoutMs) {
    throw new Error(`jobs: queue ${queue.name}: leaseMs must be at least twice timeoutMs, or a live worker could lose its job`);
  }
  if ([queue.succeeded, queue.succeededMany, queue.settleMany].filter(Boolean).length > 1) {
    throw new Error(`jobs: queue ${queue.name}: define one of succeeded, succeededMany and settleMany`);
  }
  assertRetrySchedule(queue.name, queue.retry);
}
