import type { NewEvent } from '@suite/eventing';
import type { NewJob } from '@suite/jobs';
import { ContactTagWrites } from '../../../crm';
import type { WorkflowRunStepEntity } from '../workflow-run-step.entity';

/** A step's row in the execution log, as inserted. */
export type StepLogRow = Pick<
  WorkflowRunStepEntity,
  'runId' | 'step' | 'nodeId' | 'type' | 'status' | 'detail' | 'error' | 'attempts' | 'startedAt' | 'finishedAt'
>;

/** A wait's log row to mark completed: its run and step, and when the run woke. */
export interface WaitDone {
  runId: string;
  step: number;
  finishedAt: Date;
}

/**
 * What steps leave to write that nothing in their transaction reads back: their events, their log
 * rows (and the waits they woke from, completed) and the jobs that carry their runs on. Gathered while the steps run and written by
 * `StepWritesStore.write` in one statement each — at the end of a step's transaction, or, for the
 * first steps of the runs an inbox chunk starts, once for the whole chunk before it commits.
 * `contactTags`: the tag steps' contact changes (the steps after them take the contact from
 * memory), written first — at the end of the transaction's steps, or of a new run's first steps
 * (StepRunner.carryInline: other work of an inbox chunk may read the contact).
 */
export class StepWrites {
  readonly events: NewEvent[] = [];
  readonly steps: StepLogRow[] = [];
  readonly jobs: NewJob[] = [];
  readonly waitsDone: WaitDone[] = [];
  readonly contactTags = new ContactTagWrites();

  /** `other`'s writes after this one's. */
  add(other: StepWrites): this {
    this.events.push(...other.events);
    this.steps.push(...other.steps);
    this.jobs.push(...other.jobs);
    this.waitsDone.push(...other.waitsDone);
    this.contactTags.take(other.contactTags);
    return this;
  }
}
