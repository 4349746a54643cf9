import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MoreThanOrEqual, Not, type EntityManager } from 'typeorm';
import { newEvent } from '@suite/eventing';
import { ENVIRONMENT } from '@suite/http';
import type { PlatformEnvironment } from '../../../config/platform-environment';
import type { WorkflowGraph, WorkflowNode } from '../../definition/workflow-graph';
import type { WorkflowEntity } from '../../workflow.entity';
import { StepRunner } from '../steps/step-runner';
import { StepWrites, type StepWritesSink } from '../steps/step-writes';
import { StepWritesStore } from '../steps/step-writes.store';
import { WORKFLOW_STEP_QUEUE, type WorkflowStepJob } from '../steps/workflow-step.job';
import { triggerMatches } from '../triggers/trigger-match';
import type { TriggerOccurrence } from '../triggers/trigger-occurrence';
import { WorkflowRunEntity } from '../workflow-run.entity';
import { ActiveWorkflows } from './active-workflows';
import { workflowRunData } from './run-events';
import { WorkflowVersions } from './workflow-versions';

/** The loop guard's window. */
export const LOOP_GUARD_WINDOW_MS = 30 * 60_000;

export const loopGuardMessage = (max: number) =>
  `Loop guard: this contact already started this workflow ${max} times in the last 30 minutes.`;

/**
 * Starts runs for an occurrence, in the caller's transaction (the inbox's for an event, the
 * request's for a manual run): every active workflow of the company whose active version has a
 * trigger of that type matching it gets one run for the contact, on that version — its first
 * steps taken at once, or its job — committed with the event's dedup row, so a redelivered event
 * starts nothing.
 */
@Injectable()
export class RunStarter {
  private readonly logger = new Logger('WorkflowRuns');

  constructor(
    private readonly store: StepWritesStore,
    private readonly activeWorkflows: ActiveWorkflows,
    private readonly versions: WorkflowVersions,
    private readonly runner: StepRunner,
    @Inject(ENVIRONMENT) private readonly env: PlatformEnvironment,
  ) {}

  /**
   * For an event, in its inbox transaction: the runs' events, log rows and jobs are written with
   * those of every other run the chunk starts, before it commits (StepWritesStore.atChunkEnd).
   */
  async start(manager: EntityManager, occurrence: TriggerOccurrence): Promise<WorkflowRunEntity[]> {
    const workflows = await this.activeWorkflows.of(manager, occurrence.companyId, occurrence.triggerType);
    const runs: WorkflowRunEntity[] = [];
    for (const workflow of workflows) {
      const run = await this.startOne(manager, workflow, occurrence, this.store.atChunkEnd);
      if (run) runs.push(run);
    }
    return runs;
  }

  /** One workflow (already found active in the company) for an occurrence; null when no trigger of its active version matches. */
  async startOne(
    manager: EntityManager,
    workflow: WorkflowEntity,
    occurrence: TriggerOccurrence,
    sink: StepWritesSink = this.store.now,
  ): Promise<WorkflowRunEntity | null> {
    const graph = await this.versions.graph(manager, workflow.id, workflow.activeVersion);
    const first = graph ? firstNode(graph, occurrence) : null;
    if (!first) return null;
    const runs = CompanyScopedRepository.of(manager, WorkflowRunEntity, occurrence.companyId);
    const key = {
      workflowId: workflow.id,
      version: workflow.activeVersion,
      contactId: occurrence.contactId,
      triggerEventId: occurrence.eventId,
    };
    // No existence check: the inbox hands an event over once, and the unique index on `key` is the
    // backstop (a statement per start saved on the hot path).

    const recent = await runs.count({
      where: {
        workflowId: workflow.id,
        contactId: occurrence.contactId,
        status: Not('skipped'),
        startedAt: MoreThanOrEqual(new Date(Date.now() - LOOP_GUARD_WINDOW_MS)),
      },
    });
    const max = this.env.PLATFORM_WORKFLOW_LOOP_GUARD_MAX;
    if (recent >= max) {
      // Refused, and kept in the log: a run that never ran, with the reason.
      this.logger.warn(`workflow ${workflow.id}: loop guard refused a run for contact ${occurrence.contactId}`);
      return runs.save(
        runs.create({
          ...key,
          triggerType: occurrence.triggerType,
          status: 'skipped',
          cursor: null,
          error: loopGuardMessage(max),
          finishedAt: new Date(),
        }),
      );
    }

    const stepJobId = randomUUID();
    const run = await runs.save(
      runs.create({
        ...key,
        triggerType: occurrence.triggerType,
        status: 'running',
        cursor: first.id,
        stepJobId,
        error: null,
        finishedAt: null,
      }),
    );
    const writes = new StepWrites();
    writes.events.push(
      newEvent('workflow_run.started', { companyId: run.companyId, subject: run.id, data: workflowRunData(run) }),
    );
    // Its first steps at once, in this transaction; a step that fails leaves the run to its job.
    if (!(await this.runner.carryInline(manager, run, writes))) {
      const job: WorkflowStepJob = { companyId: run.companyId, runId: run.id };
      writes.jobs.push({ id: stepJobId, queue: WORKFLOW_STEP_QUEUE, payload: job });
    }
    await sink(manager, writes);
    return run;
  }
}

/** The action a run starts at: behind the first trigger of the occurrence's type that matches it. */
function firstNode(graph: WorkflowGraph, occurrence: TriggerOccurrence): WorkflowNode | null {
  const trigger = graph.triggers.find((node) => node.type === occurrence.triggerType && triggerMatches(node, occurrence.facts));
  if (!trigger) return null;
  const edge = graph.edges.find((candidate) => candidate.from === trigger.id);
  return graph.actions.find((node) => node.id === edge?.to) ?? null;
}

/** A manual run's occurrence id: every request is its own start. */
export const manualOccurrenceId = (): string => randomUUID();
