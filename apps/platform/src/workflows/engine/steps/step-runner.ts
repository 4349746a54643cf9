import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { newEvent, type NewEvent } from '@suite/eventing';
import { CLOCK, type Clock } from '@suite/time';
import { ContactEntity } from '../../../crm';
import type { WorkflowGraph, WorkflowNode } from '../../definition/workflow-graph';
import type { StepOutcome } from '../actions/action-executor';
import { ActionExecutors } from '../actions/action-executors';
import { workflowRunData } from '../runs/run-events';
import { WorkflowVersions } from '../runs/workflow-versions';
import type { StepDetail, WorkflowRunStepEntity } from '../workflow-run-step.entity';
import { WorkflowRunEntity } from '../workflow-run.entity';
import { StepFailure } from './step-failure';
import { StepWrites } from './step-writes';
import { StepWritesStore } from './step-writes.store';
import { WORKFLOW_STEP_QUEUE, type WorkflowStepJob } from './workflow-step.job';

/** What one step's transaction leaves to do: take the next step, or stop. */
export type Continuation = 'next' | 'stop';

const FINISHED = new Set(['completed', 'failed', 'cancelled', 'skipped']);

/** Whether `job` still carries `run` (another job does once it was re-armed; none once it finished). */
export const carries = (run: WorkflowRunEntity | undefined, jobId: string): run is WorkflowRunEntity =>
  run !== undefined && run.stepJobId === jobId && !FINISHED.has(run.status);

/** What the steps of one transaction share. */
export interface StepScope {
  readonly job: WorkflowStepJob;
  readonly jobId: string;
  /** Their events, log rows and jobs, written when the transaction's steps are done (StepWritesStore). */
  readonly writes: StepWrites;
  /** The run, held by this transaction (locked, or inserted by it); read and locked by the first step when unset. */
  run?: WorkflowRunEntity;
  /** The contact as the last step left it, locked, when that step did not change it (ActionExecutor.leavesContact). */
  contact?: ContactEntity;
}

/**
 * Carries a run forward, one step per transaction. Each transaction locks the run, checks this job
 * still carries it, executes the node at the cursor and moves the cursor — or, for a wait, arms a
 * job due at the wake time — so a step's effect and the scheduling of what follows commit
 * together. A crash between two steps leaves the job to be claimed again (libs/jobs leases): it
 * resumes at the cursor, and no step acts twice.
 */
@Injectable()
export class StepRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly executors: ActionExecutors,
    private readonly versions: WorkflowVersions,
    private readonly store: StepWritesStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async carry(job: WorkflowStepJob, jobId: string, signal: AbortSignal): Promise<void> {
    // The graph is acyclic but for loops through a wait, so a job stops within the graph's size.
    for (;;) {
      if (signal.aborted) throw new Error('The step was interrupted; it runs again from the same step.');
      const continuation = await this.dataSource.transaction(async (manager) => {
        const scope: StepScope = { job, jobId, writes: new StepWrites() };
        const continuation = await this.step(manager, scope);
        if (scope.run) await persist(manager, scope.run);
        await this.store.now(manager, scope.writes);
        return continuation;
      });
      if (continuation === 'stop') return;
    }
  }

  /**
   * A new run's first steps in the caller's transaction (the trigger's): a run started by an event
   * usually reaches its first wait or its end without a job of its own, its effects committed with
   * the event's inbox row. `run` is the row the caller just inserted (so held: no other transaction
   * sees it yet); it is left as inserted, the steps work on a copy, which is answered — the caller
   * writes it back (`updateRuns`, once for all the runs it started) — with the steps' events, log
   * rows and jobs added to `writes`. Null when a step failed: nothing is added, what the steps wrote
   * is rolled back, the run stands as inserted and the caller hands it to its job, whose retries and
   * failure rules take over. The steps up to the first whose action sends statements
   * (`sendsNoStatement`) run without a savepoint — a failure there left nothing in the transaction
   * but the contact's lock, which it holds anyway; from that step on, under one.
   * `contacts`: the callers' contacts locked by this transaction and unchanged since they were
   * read, by id — taken instead of a read, and left as the steps leave them.
   */
  async carryInline(
    manager: EntityManager,
    run: WorkflowRunEntity,
    writes: StepWrites,
    contacts = new Map<string, ContactEntity>(),
  ): Promise<WorkflowRunEntity | null> {
    const scope: StepScope = {
      job: { companyId: run.companyId, runId: run.id },
      jobId: run.stepJobId!,
      writes: new StepWrites(),
      run: Object.assign(new WorkflowRunEntity(), run),
      contact: contacts.get(run.contactId),
    };
    // Given back only as the steps leave it (a failed step may have changed it in memory).
    contacts.delete(run.contactId);
    try {
      let continuation: Continuation = 'next';
      while (continuation === 'next' && (await this.sendsNoStatement(manager, scope.run!))) {
        continuation = await this.step(manager, scope);
      }
      if (continuation === 'next') {
        await manager.transaction(async (savepoint) => {
          while ((await this.step(savepoint, scope)) === 'next');
          // Not left to the chunk's end: the chunk's other work may read these contacts.
          await scope.writes.contactTags.write(savepoint);
        });
      }
    } catch {
      return null;
    }
    if (scope.contact) contacts.set(run.contactId, scope.contact);
    writes.add(scope.writes);
    return scope.run!;
  }

  /** One step of a run the caller's transaction holds (`scope.run`, locked); the caller writes the run and `scope.writes`. */
  stepOf(manager: EntityManager, scope: StepScope): Promise<Continuation> {
    return this.step(manager, scope);
  }

  /**
   * Whether the step at the run's cursor sends no statement (its action's `sendsNoStatement`; a
   * wait it wakes from is completed with the step's writes).
   */
  private async sendsNoStatement(manager: EntityManager, run: WorkflowRunEntity): Promise<boolean> {
    const node = await this.nodeOf(manager, run);
    return node ? this.executors.of(node.type)?.sendsNoStatement === true : false;
  }

  /**
   * One step; the run's row is written back by the caller (`persist`, once for the transaction's
   * steps) when `scope.run` is set, and `scope.writes` by the store.
   */
  private async step(manager: EntityManager, scope: StepScope): Promise<Continuation> {
    const run = scope.run ?? (await this.carried(manager, scope));
    if (!run) return 'stop';
    const now = this.clock.now();

    if (run.status === 'waiting') {
      if (run.wakeAt && run.wakeAt.getTime() > now.getTime()) {
        // Early (the clock says not yet): the same wait, re-armed for its time.
        this.arm(scope.writes, run, run.wakeAt);
        return 'stop';
      }
      this.finishWait(scope.writes, run, now);
    }

    const graph = await this.versions.graph(manager, run.workflowId, run.version);
    const node = graph?.actions.find((candidate) => candidate.id === run.cursor);
    if (!graph || !node) {
      this.end(
        scope.writes,
        run,
        run.cursor === null ? 'completed' : 'failed',
        run.cursor === null ? null : 'The workflow version was deleted.',
      );
      return 'stop';
    }
    const contact =
      scope.contact ??
      (await CompanyScopedRepository.of(manager, ContactEntity, run.companyId).findOne({
        where: { id: run.contactId, deletedAt: IsNull() },
        lock: { mode: 'pessimistic_write' },
      }));
    if (!contact) {
      this.log(scope.writes, run, node, 'cancelled', {}, 'The contact was deleted.', now);
      this.end(scope.writes, run, 'cancelled', 'The contact was deleted.');
      return 'stop';
    }
    const executor = this.executors.of(node.type);
    if (!executor) throw new StepFailure(`No executor for action type "${node.type}".`);

    const emit = (event: NewEvent) => void scope.writes.events.push(event);
    const outcome = await executor.execute({
      manager,
      run,
      node,
      contact,
      step: run.nextStep,
      now,
      emit,
      contactTags: scope.writes.contactTags,
    });
    // A contact the step changed without writing it yet (a tag) is taken as it left it; one it
    // wrote, read again.
    const left = outcome.kind === 'next' ? outcome.contact : undefined;
    scope.contact = left ?? (executor.leavesContact ? contact : undefined);
    const next = outcome.kind === 'end' ? null : nextNode(graph, node, outcome);
    this.log(scope.writes, run, node, outcome.kind === 'wait' ? 'waiting' : 'completed', outcome.detail ?? {}, null, now);
    run.nextStep += 1;
    run.stepAttempts = 0;
    run.error = null;

    if (outcome.kind === 'wait') {
      run.status = 'waiting';
      run.wakeAt = outcome.until;
      run.cursor = next?.id ?? null;
      this.arm(scope.writes, run, outcome.until);
      return 'stop';
    }
    if (!next) {
      this.end(scope.writes, run, 'completed', null);
      return 'stop';
    }
    run.cursor = next.id;
    return 'next';
  }

  /** The run locked, when this job still carries it (else null: another job does, or it is finished). */
  private async carried(manager: EntityManager, scope: StepScope): Promise<WorkflowRunEntity | null> {
    const runs = CompanyScopedRepository.of(manager, WorkflowRunEntity, scope.job.companyId);
    const run = (await runs.findOne({ where: { id: scope.job.runId }, lock: { mode: 'pessimistic_write' } })) ?? undefined;
    if (!carries(run, scope.jobId)) return null;
    scope.run = run;
    return run;
  }

  /** The node at a run's cursor, in the run's version. */
  async nodeOf(manager: EntityManager, run: WorkflowRunEntity): Promise<WorkflowNode | null> {
    const graph = await this.versions.graph(manager, run.workflowId, run.version);
    return graph?.actions.find((candidate) => candidate.id === run.cursor) ?? null;
  }

  /**
   * The wait's log row is done (written with the step's other writes); the run goes on (or, when
   * the wait was its last node, completes).
   */
  private finishWait(writes: StepWrites, run: WorkflowRunEntity, now: Date): void {
    writes.waitsDone.push({ runId: run.id, step: run.nextStep - 1, finishedAt: now });
    run.status = 'running';
    run.wakeAt = null;
  }

  /** A new job carries the run from `at` (the current one stops when it sees another id). */
  private arm(writes: StepWrites, run: WorkflowRunEntity, at: Date): void {
    run.stepJobId = randomUUID();
    const payload: WorkflowStepJob = { companyId: run.companyId, runId: run.id };
    writes.jobs.push({ id: run.stepJobId, queue: WORKFLOW_STEP_QUEUE, payload, runAt: at });
  }

  private log(
    writes: StepWrites,
    run: WorkflowRunEntity,
    node: WorkflowNode,
    status: WorkflowRunStepEntity['status'],
    detail: StepDetail,
    error: string | null,
    now: Date,
  ): void {
    writes.steps.push({
      runId: run.id,
      step: run.nextStep,
      nodeId: node.id,
      type: node.type,
      status,
      detail,
      error,
      attempts: run.stepAttempts + 1,
      startedAt: now,
      finishedAt: status === 'waiting' ? null : now,
    });
  }

  /** Ends the run, written at once with its event; `completed` and `failed` are published, a cancellation is only logged. */
  async finish(
    manager: EntityManager,
    run: WorkflowRunEntity,
    status: 'completed' | 'failed' | 'cancelled',
    error: string | null,
  ): Promise<void> {
    const writes = new StepWrites();
    this.end(writes, run, status, error);
    await persist(manager, run);
    await this.store.now(manager, writes);
  }

  /** Ends the run in memory, its event among `writes` (the caller writes both). */
  private end(
    writes: StepWrites,
    run: WorkflowRunEntity,
    status: 'completed' | 'failed' | 'cancelled',
    error: string | null,
  ): void {
    run.status = status;
    run.error = error;
    run.cursor = null;
    run.wakeAt = null;
    run.stepJobId = null;
    run.finishedAt = this.clock.now();
    if (status === 'cancelled') return;
    writes.events.push(
      newEvent(status === 'completed' ? 'workflow_run.completed' : 'workflow_run.failed', {
        companyId: run.companyId,
        subject: run.id,
        data: workflowRunData(run),
      }),
    );
  }
}

/**
 * Writes the run's moving parts back: one UPDATE by id (TypeORM's save would read the row again
 * first, a round trip per step for a row this transaction already holds locked).
 */
export async function persist(manager: EntityManager, run: WorkflowRunEntity): Promise<void> {
  await CompanyScopedRepository.of(manager, WorkflowRunEntity, run.companyId).update(
    { id: run.id },
    {
      status: run.status,
      cursor: run.cursor,
      nextStep: run.nextStep,
      wakeAt: run.wakeAt,
      stepAttempts: run.stepAttempts,
      stepJobId: run.stepJobId,
      error: run.error,
      finishedAt: run.finishedAt,
    },
  );
}

/** The node after `node`: by its one edge, or an `if_else`'s edge for the branch taken; null ends the run. */
function nextNode(graph: WorkflowGraph, node: WorkflowNode, outcome: StepOutcome): WorkflowNode | null {
  const branch = outcome.kind === 'next' ? outcome.branch : undefined;
  const edge = graph.edges.find(
    (candidate) => candidate.from === node.id && (branch === undefined || candidate.branch === branch),
  );
  return edge ? (graph.actions.find((candidate) => candidate.id === edge.to) ?? null) : null;
}
