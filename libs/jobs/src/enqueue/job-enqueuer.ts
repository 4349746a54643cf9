import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { openTransactionOf, PreparedStatement, qualifiedTable } from '@suite/database';
import { JOBS_TABLE } from '../entities/job.entity-schema';
import { jobsChannel } from './jobs-channel';
import type { NewJob } from './new-job';
import { scheduleJobId, type ScheduledRun } from './scheduled-job';

/** The queued jobs of one key of a queue, and until when they wait. */
export interface JobsToPostpone {
  queue: string;
  concurrencyKey: string;
  until: Date;
}

export interface EnqueueMetrics {
  enqueued(queue: string, count: number): void;
}

/**
 * Writes jobs in the caller's transaction, so a job exists if and only if the change it serves
 * commits. The same statement NOTIFYs the workers; PostgreSQL delivers it on commit only, so a
 * worker never wakes for a job it cannot see yet, and a rolled-back one wakes nobody.
 */
export class JobEnqueuer {
  private readonly insert: PreparedStatement;
  private readonly postponeKey: PreparedStatement;
  private readonly upsertSchedule: PreparedStatement;
  private readonly channel: string;

  constructor(
    schema: string,
    private readonly metrics: EnqueueMetrics,
  ) {
    this.insert = new PreparedStatement(
      'enqueue',
      `INSERT INTO ${qualifiedTable(schema, JOBS_TABLE)} (id, queue, concurrency_key, payload, run_at)
       SELECT id, queue, key, payload, coalesce(run_at, now())
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::timestamptz[]) AS j(id, queue, key, payload, run_at)
        WHERE (SELECT count(*) FROM (SELECT pg_notify($6, q) FROM (SELECT DISTINCT unnest($2::text[]) AS q) AS queues) AS n) >= 0`,
      'jobs',
    );
    this.postponeKey = new PreparedStatement(
      'postpone_key',
      `UPDATE ${qualifiedTable(schema, JOBS_TABLE)} SET run_at = $3, updated_at = now()
        WHERE queue = $1 AND concurrency_key = $2 AND status = 'queued' AND run_at < $3`,
      'jobs',
    );
    // The schedule's row, whatever state it is in: queued (moved), failed for good (queued again,
    // its error being the business row's news by now) or absent (written). A running row is left
    // alone: its run settles first and names the next one itself (the hook calling this finds the
    // row already settled in its own transaction).
    this.upsertSchedule = new PreparedStatement(
      'schedule',
      `INSERT INTO ${qualifiedTable(schema, JOBS_TABLE)} AS j (id, queue, concurrency_key, payload, run_at)
       VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()))
       ON CONFLICT (id) DO UPDATE
          SET payload = excluded.payload, run_at = excluded.run_at, concurrency_key = excluded.concurrency_key,
              status = 'queued', attempts = 0, locked_until = NULL, lock_token = NULL, last_error = NULL, updated_at = now()
        WHERE j.status <> 'running' AND j.queue = excluded.queue
       RETURNING pg_notify($6, j.queue)`,
      'jobs',
    );
    this.channel = jobsChannel(schema);
  }

  /**
   * Sets the next run of schedule `run.name`, in the caller's transaction: its one row in the
   * `jobs` table (id derived from the name) is written or moved; a run in progress is left to
   * settle. Returns false when it was left (running, or the name's row belongs to another queue).
   */
  async schedule(manager: EntityManager, run: ScheduledRun): Promise<boolean> {
    const runner = openTransactionOf(manager, 'JobsRuntime.schedule');
    const { rowCount } = await this.upsertSchedule.run(runner, [
      scheduleJobId(run.name),
      run.queue,
      run.concurrencyKey ?? null,
      JSON.stringify(run.payload ?? null),
      run.runAt?.toISOString() ?? null,
      this.channel,
    ]);
    if (rowCount > 0) this.metrics.enqueued(run.queue, 1);
    return rowCount > 0;
  }

  /** In the caller's transaction: a key's queued jobs due before `until` wait until then (a circuit breaker's pause). */
  async postpone(manager: EntityManager, target: JobsToPostpone): Promise<void> {
    const runner = openTransactionOf(manager, 'JobsRuntime.postpone');
    await this.postponeKey.run(runner, [target.queue, target.concurrencyKey, target.until.toISOString()]);
  }

  /** Enqueues in the transaction of `manager`; returns the jobs' ids. */
  async enqueue(manager: EntityManager, jobs: NewJob | readonly NewJob[]): Promise<string[]> {
    const list: readonly NewJob[] = Array.isArray(jobs) ? jobs : [jobs as NewJob];
    if (list.length === 0) return [];
    const runner = openTransactionOf(manager, 'JobsRuntime.enqueue');
    const ids = list.map((job) => job.id ?? randomUUID());
    await this.insert.run(runner, [
      ids,
      list.map((job) => job.queue),
      list.map((job) => job.concurrencyKey ?? null),
      list.map((job) => JSON.stringify(job.payload ?? null)),
      list.map((job) => job.runAt?.toISOString() ?? null),
      this.channel,
    ]);
    const perQueue = new Map<string, number>();
    for (const job of list) perQueue.set(job.queue, (perQueue.get(job.queue) ?? 0) + 1);
    for (const [queue, count] of perQueue) this.metrics.enqueued(queue, count);
    return ids;
  }
}
