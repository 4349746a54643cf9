import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { WorkflowRunStatus } from '@suite/contracts';

/**
 * One execution of one workflow version for one contact, started by one event. `cursor` is the
 * node the next step executes and `nextStep` that step's number: a step commits its effect and
 * moves them in one transaction under the run's lock, so a step run again (a retried job, a lost
 * lease) finds the cursor already past it and never acts twice.
 */
@Entity({ name: 'workflow_runs' })
@Index('workflow_runs_company_idx', ['companyId', 'id'])
@Index('workflow_runs_company_started_idx', ['companyId', 'startedAt'])
// The loop guard counts a contact's starts of a workflow in the last 30 minutes.
@Index('workflow_runs_guard_idx', ['workflowId', 'contactId', 'startedAt'])
// One run per matching event, contact and version: a redelivered trigger starts nothing new.
@Index('workflow_runs_trigger_uq', ['workflowId', 'version', 'contactId', 'triggerEventId'], { unique: true })
export class WorkflowRunEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'bigint' })
  workflowId!: string;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'bigint' })
  contactId!: string;

  @Column({ type: 'varchar', length: 64 })
  triggerType!: string;

  /** The event that started it (its envelope id), or a manual run's own uuid. */
  @Column({ type: 'uuid' })
  triggerEventId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: WorkflowRunStatus;

  /** The node the next step runs; null once finished. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  cursor!: string | null;

  /**
   * The job that carries the run now. A job goes on only while it is this one, so a job made
   * redundant (a timer re-armed, a wait resumed early) finds another id here and stops; a job
   * retried after a failure is the same job and goes on from the cursor.
   */
  @Column({ type: 'uuid', nullable: true })
  stepJobId!: string | null;

  /** The number the next step gets (from 1). */
  @Column({ type: 'integer', default: 1 })
  nextStep!: number;

  /** A waiting run's due time, on the engine's clock. */
  @Column({ type: 'timestamptz', nullable: true })
  wakeAt!: Date | null;

  /** Failed attempts of the current step (retried with backoff, then the run fails). */
  @Column({ type: 'integer', default: 0 })
  stepAttempts!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  startedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
