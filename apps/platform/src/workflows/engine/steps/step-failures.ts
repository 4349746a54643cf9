import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClaimedJob } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import { WorkflowRunStepEntity } from '../workflow-run-step.entity';
import { WorkflowRunEntity } from '../workflow-run.entity';
import { persist, StepRunner } from './step-runner';
import { stepErrorMessage } from './step-failure';
import type { WorkflowStepJob } from './workflow-step.job';

/**
 * What a failed step leaves in the run, written in the transaction that settles its job: the
 * attempt and error while it will be retried; the failed step in the log and the failed run (with
 * `workflow_run.failed`) when it will not. A job that no longer carries the run changes nothing.
 */
@Injectable()
export class StepFailures {
  constructor(
    private readonly runner: StepRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async willRetry(manager: EntityManager, job: ClaimedJob<WorkflowStepJob>, error: string): Promise<void> {
    const run = await this.carried(manager, job);
    if (!run) return;
    run.stepAttempts += 1;
    run.error = stepErrorMessage(error);
    await persist(manager, run);
  }

  async failed(manager: EntityManager, job: ClaimedJob<WorkflowStepJob>, error: string): Promise<void> {
    const run = await this.carried(manager, job);
    if (!run) return;
    const message = stepErrorMessage(error);
    const now = this.clock.now();
    if (run.cursor !== null) {
      await unscopedRepository(manager, WorkflowRunStepEntity)
        .createQueryBuilder()
        .insert()
        .values({
          runId: run.id,
          step: run.nextStep,
          nodeId: run.cursor,
          type: await this.typeOf(manager, run),
          status: 'failed',
          detail: {},
          error: message,
          attempts: run.stepAttempts + 1,
          startedAt: now,
          finishedAt: now,
        })
        .orIgnore()
        .execute();
    }
    await this.runner.finish(manager, run, 'failed', message);
  }

  private async carried(manager: EntityManager, job: ClaimedJob<WorkflowStepJob>): Promise<WorkflowRunEntity | null> {
    const run = await CompanyScopedRepository.of(manager, WorkflowRunEntity, job.payload.companyId).findOne({
      where: { id: job.payload.runId },
      lock: { mode: 'pessimistic_write' },
    });
    return run && run.stepJobId === job.id && (run.status === 'running' || run.status === 'waiting') ? run : null;
  }

  private async typeOf(manager: EntityManager, run: WorkflowRunEntity): Promise<string> {
    return (await this.runner.nodeOf(manager, run))?.type ?? 'unknown';
  }
}
