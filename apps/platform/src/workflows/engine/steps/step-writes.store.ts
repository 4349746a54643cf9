import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Outbox } from '@suite/eventing';
import { JobsRuntime } from '@suite/jobs';
import { unscopedRepository } from '@suite/database';
import { WorkflowRunStepEntity } from '../workflow-run-step.entity';
import { StepWrites } from './step-writes';

/** Writes what steps gathered (StepWrites): one statement for the events, one for the log rows, one for the jobs. */
@Injectable()
export class StepWritesStore {
  constructor(
    private readonly outbox: Outbox,
    private readonly jobs: JobsRuntime,
  ) {}

  /** In the caller's transaction, now. */
  readonly now = async (manager: EntityManager, writes: StepWrites): Promise<void> => {
    if (writes.events.length > 0) await this.outbox.append(manager, writes.events);
    if (writes.steps.length > 0) await unscopedRepository(manager, WorkflowRunStepEntity).insert(writes.steps);
    if (writes.jobs.length > 0) await this.jobs.enqueue(manager, writes.jobs);
  };
}
