import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { JobsRuntime } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import { WORKFLOW_STEP_QUEUE, type WorkflowStepJob } from '../steps/workflow-step.job';
import { WorkflowRunEntity } from '../workflow-run.entity';

const RESUMED_PER_CALL = 1_000;

/**
 * Waits are jobs due at their wake time on the database's clock. When the engine's clock has
 * moved past a wait's time while its job is still due later — the engine's clock was set
 * forward (a test's controllable clock, an operator correcting time) — `resumeDue` hands each
 * such run a job due now; the old job finds another id on the run and stops.
 */
@Injectable()
export class WorkflowTimers {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The company's waiting runs whose wake time has come on the engine's clock, resumed now; returns how many. */
  resumeDue(companyId: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const runs = CompanyScopedRepository.of(manager, WorkflowRunEntity, companyId);
      const due = await runs.find({
        where: { status: 'waiting', wakeAt: LessThanOrEqual(this.clock.now()) },
        order: { id: 'ASC' },
        take: RESUMED_PER_CALL,
        lock: { mode: 'pessimistic_write' },
      });
      for (const run of due) {
        run.stepJobId = randomUUID();
        const payload: WorkflowStepJob = { companyId, runId: run.id };
        await this.jobs.enqueue(manager, { id: run.stepJobId, queue: WORKFLOW_STEP_QUEUE, payload });
        await runs.update({ id: run.id }, { stepJobId: run.stepJobId });
      }
      return due.length;
    });
  }
}
