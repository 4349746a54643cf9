import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setImmediate } from 'node:timers/promises';
import type { DataSource, EntityManager } from 'typeorm';
import { updateRuns } from '../runs/run-rows';
import type { WorkflowRunEntity } from '../workflow-run.entity';
import { byCompany, lockContacts, lockFreeRuns } from './held-rows';
import { carries, StepRunner, type Continuation, type StepScope } from './step-runner';
import { StepWrites } from './step-writes';
import { StepWritesStore } from './step-writes.store';
import type { WorkflowStepJob } from './workflow-step.job';

/** A job handed to the batches, and how its handler hears the outcome. */
interface Entry {
  readonly job: WorkflowStepJob;
  readonly jobId: string;
  readonly signal: AbortSignal;
  resolve(): void;
  reject(error: unknown): void;
}

/** What a batch did for a job: its step's continuation, or nothing (the job carries its run alone). */
type BatchOutcome = Continuation | 'alone';

/** Jobs whose first step share one transaction, at most. */
const MAX_BATCH = 64;

/**
 * The first step of the jobs a worker claims together (a wait's wake-ups come due together), taken
 * in one transaction (group commit: while a batch runs, the next gathers): their runs locked in one
 * statement (those another transaction holds are left to their job alone), their contacts in
 * another, the steps taken one after the other, and the runs' rows, events, log rows, waits and
 * jobs written together.
 *
 * All or nothing: a step that throws — or a batch that cannot commit (a deadlock, the connection
 * lost) — rolls the whole batch back, and each of its jobs then runs on its own (StepRunner.carry,
 * a step per transaction), as if it had never been batched: the failing one fails there and is
 * retried by its queue as before, the others succeed. Steps fail rarely, so a batch needs no
 * savepoint per step (two statements a run) to keep one failure from undoing the others' work.
 * A run that goes on past its first step is carried on its own after the batch has committed.
 */
@Injectable()
export class StepBatches {
  private pending: Entry[] = [];
  private draining = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runner: StepRunner,
    private readonly store: StepWritesStore,
  ) {}

  carry(job: WorkflowStepJob, jobId: string, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ job, jobId, signal, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      // The other jobs of the same claim begin in this tick: let them join.
      await setImmediate();
      while (this.pending.length > 0) await this.carryBatch(this.pending.splice(0, MAX_BATCH));
    } finally {
      this.draining = false;
    }
  }

  private async carryBatch(entries: readonly Entry[]): Promise<void> {
    // An interrupted job is left to carry(), which refuses it as it would any other.
    const live = entries.filter((entry) => !entry.signal.aborted);
    entries.filter((entry) => entry.signal.aborted).forEach((entry) => this.alone(entry));
    if (live.length === 0) return;
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.dataSource.transaction((manager) => this.stepAll(manager, live));
    } catch {
      live.forEach((entry) => this.alone(entry));
      return;
    }
    live.forEach((entry, i) => (outcomes[i] === 'stop' ? entry.resolve() : this.alone(entry)));
  }

  /** The job carried on its own, a step per transaction. */
  private alone(entry: Entry): void {
    this.runner.carry(entry.job, entry.jobId, entry.signal).then(entry.resolve, entry.reject);
  }

  /** Each entry's next step, in `manager`'s transaction; its outcome, in the order of `entries`. */
  private async stepAll(manager: EntityManager, entries: readonly Entry[]): Promise<BatchOutcome[]> {
    const outcomes = new Map<Entry, BatchOutcome>();
    const writes = new StepWrites();
    for (const [companyId, ofCompany] of byCompany(entries, (entry) => entry.job.companyId)) {
      // SKIP LOCKED: a batch never waits for a run while it holds others (a deactivation's UPDATE
      // of a workflow's waiting runs takes them in no set order).
      const runs = await lockFreeRuns(
        manager,
        companyId,
        ofCompany.map((entry) => entry.job.runId),
      );
      const carried = ofCompany.filter((entry) => carries(runs.get(entry.job.runId), entry.jobId));
      const contacts = await lockContacts(
        manager,
        companyId,
        carried.map((entry) => runs.get(entry.job.runId)!),
      );
      const moved: WorkflowRunEntity[] = [];
      for (const entry of ofCompany) {
        const run = runs.get(entry.job.runId);
        // Held by another transaction (or gone): carried alone, which waits for it as it always did.
        if (!run) {
          outcomes.set(entry, 'alone');
          continue;
        }
        // Another job carries it now, or it finished (the same check carry's first step makes).
        if (!carries(run, entry.jobId)) {
          outcomes.set(entry, 'stop');
          continue;
        }
        const scope: StepScope = { job: entry.job, jobId: entry.jobId, writes, run, contact: contacts.get(run.contactId) };
        // A step that throws fails the batch (see above).
        outcomes.set(entry, await this.runner.stepOf(manager, scope));
        // The contact as the step left it, for a later run of the batch; re-read when it changed.
        if (scope.contact) contacts.set(run.contactId, scope.contact);
        else contacts.delete(run.contactId);
        moved.push(run);
      }
      await updateRuns(manager, companyId, moved);
    }
    await this.store.now(manager, writes);
    return entries.map((entry) => outcomes.get(entry)!);
  }
}
