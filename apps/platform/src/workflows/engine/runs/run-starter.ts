import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { addToChunkEnd, newEvent } from '@suite/eventing';
import { LoopGuardEnvironment } from './loop-guard-environment';
import type { WorkflowGraph, WorkflowNode } from '../../definition/workflow-graph';
import type { WorkflowEntity } from '../../workflow.entity';
import { byCompany, lockContacts } from '../steps/held-rows';
import { StepRunner } from '../steps/step-runner';
import { StepWrites } from '../steps/step-writes';
import { StepWritesStore } from '../steps/step-writes.store';
import { WORKFLOW_STEP_QUEUE, type WorkflowStepJob } from '../steps/workflow-step.job';
import { triggerMatches } from '../triggers/trigger-match';
import type { TriggerOccurrence } from '../triggers/trigger-occurrence';
import { WorkflowRunEntity } from '../workflow-run.entity';
import { ActiveWorkflows } from './active-workflows';
import { workflowRunData } from './run-events';
import { insertRuns, updateRuns } from './run-rows';
import { WorkflowVersions } from './workflow-versions';

/** The loop guard's window. */
export const LOOP_GUARD_WINDOW_MS = 30 * 60_000;

export const loopGuardMessage = (max: number) =>
  `Loop guard: this contact already started this workflow ${max} times in the last 30 minutes.`;

/** A start the trigger matched: the workflow (active in the company), the occurrence, and the node its run starts at. */
export interface RunStart {
  workflow: WorkflowEntity;
  occurrence: TriggerOccurrence;
  first: WorkflowNode;
}

/** The chunk-end work of run starts (addToChunkEnd's key). */
const CHUNK_STARTS = {};

/**
 * Starts runs for occurrences, in the caller's transaction (the inbox's for an event, the
 * request's for a manual run): every active workflow of the company whose active version has a
 * trigger of that type matching it gets one run for the contact, on that version — its first
 * steps taken at once, or its job — committed with the event's dedup row, so a redelivered event
 * starts nothing. The runs an inbox chunk starts are inserted together at the chunk's end, the
 * loop guard evaluated by the insert, and their first steps written together.
 */
@Injectable()
export class RunStarter {
  private readonly logger = new Logger('WorkflowRuns');

  constructor(
    private readonly store: StepWritesStore,
    private readonly activeWorkflows: ActiveWorkflows,
    private readonly versions: WorkflowVersions,
    private readonly runner: StepRunner,
    private readonly env: LoopGuardEnvironment,
  ) {}

  /**
   * For an event, in its inbox transaction: its runs start before the chunk commits, with those of
   * every other event of the chunk, in the chunk's order (addToChunkEnd) — nothing in the chunk
   * reads a run its events start.
   */
  async start(manager: EntityManager, occurrence: TriggerOccurrence): Promise<void> {
    const workflows = await this.activeWorkflows.of(manager, occurrence.companyId, occurrence.triggerType);
    for (const workflow of workflows) {
      const start = await this.matched(manager, workflow, occurrence);
      if (start) addToChunkEnd(manager, CHUNK_STARTS, start, (starts) => this.startAll(manager, starts));
    }
  }

  /**
   * The start of one workflow (already found active in the company) for an occurrence; null when no
   * trigger of its active version matches.
   */
  async matched(manager: EntityManager, workflow: WorkflowEntity, occurrence: TriggerOccurrence): Promise<RunStart | null> {
    const graph = await this.versions.graph(manager, workflow.id, workflow.activeVersion);
    const first = graph ? firstNode(graph, occurrence) : null;
    return first ? { workflow, occurrence, first } : null;
  }

  /**
   * Inserts the runs of `starts` (one statement per company, the loop guard in it) and takes each
   * running one's first steps; their events, log rows and jobs in one statement each, the runs'
   * rows written back in one. Answers the runs as inserted, in the order of `starts`.
   */
  async startAll(manager: EntityManager, starts: readonly RunStart[]): Promise<WorkflowRunEntity[]> {
    const writes = new StepWrites();
    const started: WorkflowRunEntity[] = [];
    for (const [companyId, ofCompany] of byCompany(starts, (start) => start.occurrence.companyId)) {
      const runs = await this.insert(manager, companyId, ofCompany);
      const running = runs.filter((run) => run.status === 'running');
      const contacts = await lockContacts(manager, companyId, running);
      const moved: WorkflowRunEntity[] = [];
      for (const run of running) {
        writes.events.push(
          newEvent('workflow_run.started', { companyId: run.companyId, subject: run.id, data: workflowRunData(run) }),
        );
        // Its first steps at once, in this transaction; a step that fails leaves the run to its job.
        const carried = await this.runner.carryInline(manager, run, writes, contacts);
        if (carried) moved.push(carried);
        else writes.jobs.push({ id: run.stepJobId!, queue: WORKFLOW_STEP_QUEUE, payload: jobOf(run) });
      }
      await updateRuns(manager, companyId, moved);
      started.push(...runs);
    }
    await this.store.now(manager, writes);
    return started;
  }

  private async insert(manager: EntityManager, companyId: string, starts: readonly RunStart[]): Promise<WorkflowRunEntity[]> {
    // No existence check: the inbox hands an event over once, and the unique index on the trigger
    // key is the backstop.
    const max = this.env.PLATFORM_WORKFLOW_LOOP_GUARD_MAX;
    const runs = await insertRuns(
      manager,
      companyId,
      starts.map(({ workflow, occurrence, first }) => ({
        workflowId: workflow.id,
        version: workflow.activeVersion,
        contactId: occurrence.contactId,
        triggerType: occurrence.triggerType,
        triggerEventId: occurrence.eventId,
        cursor: first.id,
        stepJobId: randomUUID(),
      })),
      { since: new Date(Date.now() - LOOP_GUARD_WINDOW_MS), max, refusal: loopGuardMessage(max), now: new Date() },
    );
    // Refused, and kept in the log: a run that never ran, with the reason.
    for (const run of runs.filter((candidate) => candidate.status === 'skipped')) {
      this.logger.warn(`workflow ${run.workflowId}: loop guard refused a run for contact ${run.contactId}`);
    }
    return runs;
  }
}

const jobOf = (run: WorkflowRunEntity): WorkflowStepJob => ({ companyId: run.companyId, runId: run.id });

/** The action a run starts at: behind the first trigger of the occurrence's type that matches it. */
function firstNode(graph: WorkflowGraph, occurrence: TriggerOccurrence): WorkflowNode | null {
  const trigger = graph.triggers.find((node) => node.type === occurrence.triggerType && triggerMatches(node, occurrence.facts));
  if (!trigger) return null;
  const edge = graph.edges.find((candidate) => candidate.from === trigger.id);
  return graph.actions.find((node) => node.id === edge?.to) ?? null;
}

/** A manual run's occurrence id: every request is its own start. */
export const manualOccurrenceId = (): string => randomUUID();
