import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Outbox } from '@suite/eventing';
import { JobsRuntime } from '@suite/jobs';
import { entityTable } from '@suite/database';
import { WorkflowRunStepEntity } from '../workflow-run-step.entity';
import type { StepLogRow, StepWrites, WaitDone } from './step-writes';

/**
 * Writes what steps gathered (StepWrites): one statement per company for the contacts' tags (first:
 * their events carry the `updated_at` it gives them), one for the events, one for the new log rows,
 * one for the waits' rows completed, one for the jobs.
 */
@Injectable()
export class StepWritesStore {
  constructor(
    private readonly outbox: Outbox,
    private readonly jobs: JobsRuntime,
  ) {}

  /** In the caller's transaction, now. */
  readonly now = async (manager: EntityManager, writes: StepWrites): Promise<void> => {
    await writes.contactTags.write(manager);
    if (writes.events.length > 0) await this.outbox.append(manager, writes.events);
    if (writes.steps.length > 0) await insertStepRows(manager, writes.steps);
    if (writes.waitsDone.length > 0) await completeWaits(manager, writes.waitsDone);
    if (writes.jobs.length > 0) await this.jobs.enqueue(manager, writes.jobs);
  };
}

/**
 * The new log rows in one INSERT over arrays, whatever their number. TypeORM's `insert` made a
 * parameter of every value (ten a row), read the defaults back (RETURNING) and merged them into
 * the rows — 4–5 % of the platform's CPU in a workflow burst (docs/benchmarks.md) — for rows
 * nothing reads back. `detail` goes as JSON text, as TypeORM sent it.
 */
async function insertStepRows(manager: EntityManager, rows: readonly StepLogRow[]): Promise<void> {
  await manager.query(
    `INSERT INTO ${entityTable(manager.connection, WorkflowRunStepEntity)}
            (run_id, step, node_id, type, status, detail, error, attempts, started_at, finished_at)
     SELECT run_id, step, node_id, type, status, detail::jsonb, error, attempts, started_at, finished_at
       FROM unnest($1::bigint[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[], $7::text[],
                   $8::int[], $9::timestamptz[], $10::timestamptz[])
            AS r(run_id, step, node_id, type, status, detail, error, attempts, started_at, finished_at)`,
    [
      rows.map((row) => row.runId),
      rows.map((row) => row.step),
      rows.map((row) => row.nodeId),
      rows.map((row) => row.type),
      rows.map((row) => row.status),
      rows.map((row) => JSON.stringify(row.detail)),
      rows.map((row) => row.error),
      rows.map((row) => row.attempts),
      rows.map((row) => row.startedAt),
      rows.map((row) => row.finishedAt),
    ],
  );
}

/** The waits' log rows (still `waiting`) completed, in one UPDATE. */
async function completeWaits(manager: EntityManager, waits: readonly WaitDone[]): Promise<void> {
  await manager.query(
    `UPDATE ${entityTable(manager.connection, WorkflowRunStepEntity)} AS s SET status = 'completed', finished_at = w.finished_at
       FROM unnest($1::bigint[], $2::int[], $3::timestamptz[]) AS w(run_id, step, finished_at)
      WHERE s.run_id = w.run_id AND s.step = w.step AND s.status = 'waiting'`,
    [waits.map((wait) => wait.runId), waits.map((wait) => wait.step), waits.map((wait) => wait.finishedAt)],
  );
}
