import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Outbox } from '@suite/eventing';
import { JobsRuntime } from '@suite/jobs';
import { entityTable, unscopedRepository } from '@suite/database';
import { WorkflowRunStepEntity } from '../workflow-run-step.entity';
import type { StepWrites, WaitDone } from './step-writes';

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
    if (writes.steps.length > 0) await unscopedRepository(manager, WorkflowRunStepEntity).insert(writes.steps);
    if (writes.waitsDone.length > 0) await completeWaits(manager, writes.waitsDone);
    if (writes.jobs.length > 0) await this.jobs.enqueue(manager, writes.jobs);
  };
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
