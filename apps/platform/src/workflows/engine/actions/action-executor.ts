import type { EntityManager } from 'typeorm';
import type { NewEvent } from '@suite/eventing';
import type { ContactEntity, ContactTagWrites } from '../../../crm';
import type { IfElseBranch, WorkflowNode } from '../../definition/workflow-graph';
import type { StepDetail } from '../workflow-run-step.entity';
import type { WorkflowRunEntity } from '../workflow-run.entity';

/** What a step sees: the run and contact (both locked), the node to execute, the step's number and time. */
export interface StepContext {
  readonly manager: EntityManager;
  readonly run: WorkflowRunEntity;
  readonly node: WorkflowNode;
  readonly contact: ContactEntity;
  readonly step: number;
  readonly now: Date;
  /** Appends an event with the step's other writes (StepWrites): it commits with the step, or not at all. */
  emit(event: NewEvent): void;
  /** The contacts' tag changes, written with the step's other writes (ContactsService.retagLocked). */
  readonly contactTags: ContactTagWrites;
}

/**
 * What a step did: go on (an `if_else` names its branch), wait until a time, or end the run.
 * `contact`: the contact as the step left it, its change not yet written (among `contactTags`) —
 * the next step of the same transaction takes it instead of reading the row.
 */
export type StepOutcome =
  | { kind: 'next'; detail?: StepDetail; branch?: IfElseBranch; contact?: ContactEntity }
  | { kind: 'wait'; until: Date; detail?: StepDetail }
  | { kind: 'end'; detail?: StepDetail };

/**
 * One action type of the catalog. `execute` writes only through `ctx.manager` (the step's
 * transaction): its effect commits with the run's move to the next step, or not at all. An effect
 * outside the platform is an event emitted there (`ctx.emit`; messaging acts on it through its inbox).
 * Throw StepFailure for what retrying cannot fix.
 */
export interface ActionExecutor {
  readonly type: string;
  /**
   * True when the action never changes the contact row: the next step of the same transaction
   * may use the contact as this step saw it, without locking and reading it again.
   */
  readonly leavesContact?: boolean;
  /**
   * True when `execute` sends no statement through `ctx.manager` (its effect is the events it
   * emits): a failure there leaves nothing in the transaction to undo, so a new run's first steps
   * open their savepoint only at the first step without it (StepRunner.carryInline).
   */
  readonly sendsNoStatement?: boolean;
  execute(ctx: StepContext): Promise<StepOutcome>;
}
