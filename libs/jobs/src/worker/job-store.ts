import type { DataSource, EntityManager } from 'typeorm';
import { qualifiedTable } from '@suite/database';
import { JOBS_TABLE } from '../entities/job.entity-schema';
import type { ClaimedJob, ClaimFollowUp, SettlingJobs } from '../queue/job-queue';
import { inlineValues } from './inline-values';

/** Runs `write` after the job row's guarded update, in the same transaction; not at all when the claim was lost. */
export type SettleHook = (manager: EntityManager) => Promise<void>;

export interface ClaimRequest {
  queue: string;
  limit: number;
  leaseMs: number;
  lockToken: string;
  /** Unset: no per-key limit. */
  perKeyConcurrency?: number;
  /**
   * With a per-key limit, whether to look for expired leases too (a dead worker's jobs). They are
   * rare and a separate statement, so the worker asks once per poll interval (default: always).
   */
  reclaimExpired?: boolean;
  /** Runs in the claim's round trip and transaction (JobQueue.claimFollowUp). */
  followUp?: ClaimFollowUp;
}

const RETURNED = `j.id, j.queue, j.concurrency_key, j.payload, j.attempts, j.lock_token,
  greatest(0, extract(epoch FROM now() - j.run_at))::float8 AS waited`;

function claimedJobOf(row: Record<string, unknown>, followed?: ReadonlyMap<string, Record<string, unknown>>): ClaimedJob {
  return {
    ...(followed ? { claimedWith: followed.get(String(row.id)) ?? null } : {}),
    id: String(row.id),
    queue: String(row.queue),
    concurrencyKey: (row.concurrency_key as string | null) ?? null,
    payload: row.payload,
    attempt: Number(row.attempts),
    lockToken: String(row.lock_token ?? ''),
    waitedSeconds: Number(row.waited),
  };
}

/**
 * The jobs table's SQL. A worker claims due jobs with `FOR UPDATE SKIP LOCKED` (replicas never
 * claim the same row), marks them `running` under a lease and a lock token, and every later write
 * of that claim is guarded by the token, so a worker whose lease ran out (it was presumed dead)
 * cannot overwrite the run that replaced it. Time is the database's (`now()`), the same for every replica.
 */
export class JobStore {
  private readonly table: string;
  /**
   * The per-key claim's two statements, their values inlined. Not prepared: a generic plan of the key
   * walk measured 3× slower than planning it each time with its values (bench:webhooks, decision 0031).
   */
  private readonly claimExpired: string;
  private readonly claimQueued: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.table = qualifiedTable(schema, JOBS_TABLE);
    this.claimExpired = `WITH ${this.runningPerKey()},
         candidates AS (
           SELECT id, concurrency_key, run_at,
                  row_number() OVER (PARTITION BY concurrency_key ORDER BY run_at, id) AS rank
             FROM ${this.table}
            WHERE queue = $1 AND status = 'running' AND locked_until < now()),
         fitting AS (
           SELECT c.id FROM candidates c LEFT JOIN running r ON r.concurrency_key = c.concurrency_key
            WHERE c.concurrency_key IS NULL OR c.rank + coalesce(r.n, 0) <= $5
            ORDER BY c.run_at, c.id LIMIT $2),
         due AS (SELECT id FROM ${this.table} WHERE id IN (SELECT id FROM fitting) FOR UPDATE SKIP LOCKED)
         ${this.markClaimed('due')}`;
    this.claimQueued = `WITH RECURSIVE keys(k) AS (
           (SELECT concurrency_key FROM ${this.table}
             WHERE queue = $1 AND status = 'queued' AND concurrency_key IS NOT NULL
             ORDER BY concurrency_key LIMIT 1)
           UNION ALL
           SELECT (SELECT j.concurrency_key FROM ${this.table} j
                    WHERE j.queue = $1 AND j.status = 'queued' AND j.concurrency_key > keys.k
                    ORDER BY j.concurrency_key LIMIT 1)
             FROM keys WHERE keys.k IS NOT NULL),
         ${this.runningPerKey()},
         fitting AS (
           SELECT f.id, f.run_at FROM keys
             LEFT JOIN running r ON r.concurrency_key = keys.k
             CROSS JOIN LATERAL (
               SELECT id, run_at FROM ${this.table}
                WHERE queue = $1 AND status = 'queued' AND concurrency_key = keys.k AND run_at <= now()
                ORDER BY run_at, id LIMIT greatest(0, $5 - coalesce(r.n, 0))) f
            WHERE keys.k IS NOT NULL
           UNION ALL
           (SELECT id, run_at FROM ${this.table}
             WHERE queue = $1 AND status = 'queued' AND concurrency_key IS NULL AND run_at <= now()
             ORDER BY run_at, id LIMIT $2)),
         due AS (
           SELECT id FROM ${this.table}
            WHERE id IN (SELECT id FROM fitting ORDER BY run_at, id LIMIT $2) FOR UPDATE SKIP LOCKED)
         ${this.markClaimed('due')}`;
  }

  /** Due jobs: queued ones whose run_at has come, and running ones whose lease expired. */
  async claim(request: ClaimRequest): Promise<ClaimedJob[]> {
    if (request.limit < 1) return [];
    const claimSql = `WITH due AS (
               SELECT id FROM ${this.table}
                WHERE queue = $1 AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
                ORDER BY run_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
             ${this.markClaimed('due')}`;
    const values = [request.queue, request.limit, request.lockToken, request.leaseMs];
    const perKey = request.perKeyConcurrency !== undefined;
    if (!perKey && !request.followUp) return (await this.rows(claimSql, values)).map((row) => claimedJobOf(row));
    // One round trip: [the per-key lock,] the claim's statement(s)[, the queue's follow-up].
    const statements = perKey ? this.claimPerKey(request) : [inlineValues(claimSql, values)];
    if (request.followUp) statements.push(request.followUp.sql(inlineValues(this.claimedRelation, values)));
    const results = await this.simpleQuery(statements.join(';\n'));
    const claims = perKey ? results.slice(1, request.followUp ? -1 : undefined) : results.slice(0, 1);
    const followed = request.followUp
      ? new Map(results[results.length - 1]!.rows.map((row) => [String(row.job_id), row]))
      : undefined;
    return claims.flatMap((result) => result.rows).map((row) => claimedJobOf(row, followed));
  }

  /** The jobs a claim took (its follow-up's `claimed`): the rows of this queue carrying its lock token. */
  private get claimedRelation(): string {
    return `(SELECT id AS job_id, payload FROM ${this.table} WHERE queue = $1 AND status = 'running' AND lock_token = $3)`;
  }

  /**
   * With a per-key limit, claims of the queue take turns (a transaction-scoped advisory lock), so
   * two replicas cannot both see a key's last free place. Jobs without a key are not limited.
   * First the expired leases (rare: a dead worker's), ranked per key; then the queued due jobs:
   * the keys that have queued jobs are walked through the (queue, concurrency_key, run_at) index
   * one key at a time (a skip scan), and each key gives only as many of its oldest due jobs as fit
   * beside its running ones. So a claim's cost follows the number of keys, not the backlog: an
   * endpoint with 100,000 queued jobs and no free place costs one index probe, and cannot push
   * the other keys' jobs out of the claim (decision 0031).
   *
   * One round trip (issue 31): the lock and the claim's statements (and the queue's follow-up) go as one simple-protocol query,
   * which PostgreSQL runs as one implicit transaction (the lock held to its end, a failure rolls it
   * all back) and, in READ COMMITTED, each statement on a snapshot of its own — so the key walk
   * reads after the lock is granted, and sees every claim committed before it. The values are
   * inlined (inlineValues: integers and plain strings only), which also keeps the key walk planned
   * with its values, as it was unprepared.
   */
  private claimPerKey(request: ClaimRequest): string[] {
    const values = [request.queue, request.limit, request.lockToken, request.leaseMs, request.perKeyConcurrency!];
    const statements = [
      inlineValues(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`jobs:${this.table}:${request.queue}`]),
    ];
    if (request.reclaimExpired !== false) {
      statements.push(inlineValues(this.claimExpired, values));
      // What the expired claim took (its rows carry this claim's token) counts against the limit.
      const left = `(SELECT greatest(0, $2 - count(*)) FROM ${this.table} WHERE queue = $1 AND status = 'running' AND lock_token = $3)`;
      statements.push(
        inlineValues(
          this.claimQueued.replaceAll('$2', () => left),
          values,
        ),
      );
    } else {
      statements.push(inlineValues(this.claimQueued, values));
    }
    return statements;
  }

  /** Several statements in one round trip (the simple query protocol), on a pool connection of its own. */
  private async simpleQuery(sql: string): Promise<Array<{ rows: Array<Record<string, unknown>> }>> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as { query(text: string): Promise<unknown> };
      const result = await client.query(sql);
      return (Array.isArray(result) ? result : [result]) as Array<{ rows: Array<Record<string, unknown>> }>;
    } finally {
      await runner.release();
    }
  }

  /** Live claims per key (`running`), for the per-key limit. */
  private runningPerKey(): string {
    return `running AS (
           SELECT concurrency_key, count(*) AS n FROM ${this.table}
            WHERE queue = $1 AND status = 'running' AND locked_until >= now() AND concurrency_key IS NOT NULL
            GROUP BY concurrency_key)`;
  }

  private markClaimed(due: string): string {
    return `UPDATE ${this.table} AS j
       SET status = 'running', attempts = j.attempts + 1, lock_token = $3,
           locked_until = now() + $4 * interval '1 millisecond', updated_at = now()
      FROM ${due} WHERE j.id = ${due}.id
      RETURNING ${RETURNED}`;
  }

  /**
   * Jobs whose lease expired on their last allowed attempt are not run again: their worker died
   * during it, and a job that kills its worker must not loop. `failed` runs for each in the same transaction.
   */
  async failAbandoned(
    queue: string,
    maxAttempts: number,
    error: string,
    failed: (job: ClaimedJob, m: EntityManager) => Promise<void>,
  ) {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.queryRunner!.query(
        `UPDATE ${this.table} AS j SET status = 'failed', last_error = $3, lock_token = NULL, locked_until = NULL, updated_at = now()
          WHERE queue = $1 AND status = 'running' AND locked_until < now() AND attempts >= $2
          RETURNING ${RETURNED}`,
        [queue, maxAttempts, error],
        true,
      );
      const rows = result.records as Array<Record<string, unknown>>;
      for (const row of rows) await failed(claimedJobOf(row), manager);
      return rows.length;
    });
  }

  /** Done: the row goes. False when the claim was lost meanwhile (nothing written). */
  complete(job: ClaimedJob, hook?: SettleHook): Promise<boolean> {
    return this.settle(job, `DELETE FROM ${this.table} WHERE id = $1 AND lock_token = $2 AND status = 'running'`, [], hook);
  }

  /**
   * Done, many at once: the rows still owned by their claim go, and `hook` runs for those, in one
   * transaction. Returns the ids that were owned (the others' claims were lost: nothing written for them).
   */
  completeMany(jobs: readonly ClaimedJob[], hook: (manager: EntityManager, owned: ReadonlySet<string>) => Promise<void>) {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.queryRunner!.query(
        `DELETE FROM ${this.table} AS j USING unnest($1::uuid[], $2::uuid[]) AS c(id, lock_token)
          WHERE j.id = c.id AND j.lock_token = c.lock_token AND j.status = 'running'
          RETURNING j.id`,
        [jobs.map((job) => job.id), jobs.map((job) => job.lockToken)],
        true,
      );
      const owned = new Set((result.records as Array<{ id: string }>).map((row) => String(row.id)));
      if (owned.size > 0) await hook(manager, owned);
      return owned;
    });
  }

  /**
   * Done, many at once, by the caller's own statement: `write` runs in one transaction with the
   * group's rows and the DELETE to put in that statement (SettlingJobs), and returns the ids it deleted.
   */
  settleMany(
    jobs: readonly ClaimedJob[],
    write: (manager: EntityManager, settling: SettlingJobs) => Promise<ReadonlySet<string>>,
  ): Promise<ReadonlySet<string>> {
    const settling: SettlingJobs = {
      deleteSql: (ids, tokens) =>
        `DELETE FROM ${this.table} AS j USING unnest(${ids}::uuid[], ${tokens}::uuid[]) AS c(id, lock_token)
          WHERE j.id = c.id AND j.lock_token = c.lock_token AND j.status = 'running'
          RETURNING j.id`,
      ids: jobs.map((job) => job.id),
      lockTokens: jobs.map((job) => job.lockToken),
    };
    return this.dataSource.transaction((manager) => write(manager, settling));
  }

  retryLater(job: ClaimedJob, error: string, delayMs: number, hook?: SettleHook): Promise<boolean> {
    return this.settle(
      job,
      `UPDATE ${this.table} SET status = 'queued', last_error = $3, run_at = now() + $4 * interval '1 millisecond',
              lock_token = NULL, locked_until = NULL, updated_at = now()
        WHERE id = $1 AND lock_token = $2 AND status = 'running'`,
      [error, delayMs],
      hook,
    );
  }

  fail(job: ClaimedJob, error: string, hook?: SettleHook): Promise<boolean> {
    return this.settle(
      job,
      `UPDATE ${this.table} SET status = 'failed', last_error = $3, lock_token = NULL, locked_until = NULL, updated_at = now()
        WHERE id = $1 AND lock_token = $2 AND status = 'running'`,
      [error],
      hook,
    );
  }

  private async settle(job: ClaimedJob, sql: string, values: unknown[], hook?: SettleHook): Promise<boolean> {
    if (!hook) return (await this.affected(sql, [job.id, job.lockToken, ...values])) === 1;
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.queryRunner!.query(sql, [job.id, job.lockToken, ...values], true);
      if (result.affected !== 1) return false;
      await hook(manager);
      return true;
    });
  }

  private async rows(sql: string, values: unknown[]): Promise<Array<Record<string, unknown>>> {
    return (await this.structured(sql, values)).records as Array<Record<string, unknown>>;
  }

  private async affected(sql: string, values: unknown[]): Promise<number> {
    return (await this.structured(sql, values)).affected ?? 0;
  }

  private async structured(sql: string, values: unknown[]) {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await runner.query(sql, values, true);
    } finally {
      await runner.release();
    }
  }
}
