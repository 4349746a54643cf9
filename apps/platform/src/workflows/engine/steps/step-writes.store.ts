import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Outbox } from '@suite/eventing';
import { JobsRuntime } from '@suite/jobs';
import { columnList, openTransactionOf, StatementBuilder, type UnnestColumns } from '@suite/database';
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
    if (writes.steps.length > 0) await INSERT_STEPS.run(openTransactionOf(manager, 'StepWritesStore'), writes.steps);
    if (writes.waitsDone.length > 0) await COMPLETE_WAITS.run(openTransactionOf(manager, 'StepWritesStore'), writes.waitsDone);
    if (writes.jobs.length > 0) await this.jobs.enqueue(manager, writes.jobs);
  };
}

/** The columns of a new log row (StepLogRow); `detail` goes as JSON text, as TypeORM sent it. */
const STEP_COLUMNS: UnnestColumns<StepLogRow> = {
  run_id: ['bigint', (row) => row.runId],
  step: ['int', (row) => row.step],
  node_id: ['varchar', (row) => row.nodeId],
  type: ['varchar', (row) => row.type],
  status: ['varchar', (row) => row.status],
  detail: ['jsonb', (row) => JSON.stringify(row.detail)],
  error: ['text', (row) => row.error],
  attempts: ['int', (row) => row.attempts],
  started_at: ['timestamptz', (row) => row.startedAt],
  finished_at: ['timestamptz', (row) => row.finishedAt],
};

/**
 * The new log rows in one INSERT over arrays, whatever their number, prepared once per connection.
 * TypeORM's `insert` made a parameter of every value (ten a row), read the defaults back
 * (RETURNING) and merged them into the rows — 4–5 % of the platform's CPU in a workflow burst
 * (docs/benchmarks.md) — for rows nothing reads back.
 */
const INSERT_STEPS = StatementBuilder.define<readonly StepLogRow[]>(
  'workflow_steps_insert',
  (params) =>
    `INSERT INTO platform.workflow_run_steps (${columnList(STEP_COLUMNS)})
     SELECT * FROM ${params.unnest('r', STEP_COLUMNS)}`,
  'platform',
);

/** The columns of a wait's log row to complete (WaitDone). */
const WAIT_COLUMNS: UnnestColumns<WaitDone> = {
  run_id: ['bigint', (wait) => wait.runId],
  step: ['int', (wait) => wait.step],
  finished_at: ['timestamptz', (wait) => wait.finishedAt],
};

/** The waits' log rows (still `waiting`) completed, in one UPDATE. */
const COMPLETE_WAITS = StatementBuilder.define<readonly WaitDone[]>(
  'workflow_waits_complete',
  (params) =>
    `UPDATE platform.workflow_run_steps AS s SET status = 'completed', finished_at = w.finished_at
       FROM ${params.unnest('w', WAIT_COLUMNS)}
      WHERE s.run_id = w.run_id AND s.step = w.step AND s.status = 'waiting'`,
  'platform',
);
