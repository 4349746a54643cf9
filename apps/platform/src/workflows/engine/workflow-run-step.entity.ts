import { Column, Entity, PrimaryColumn } from 'typeorm';

export const STEP_STATUSES = ['completed', 'waiting', 'failed', 'skipped', 'cancelled'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** What a step did, in a few flat values (the branch taken, the message id, the wake time). */
export type StepDetail = Record<string, string | number | boolean | null>;

/**
 * The execution log of a run: one row per step it took, what the step did (`detail`: the branch
 * taken, the message id queued, the time a wait ends) or why it failed. Reached through its run.
 */
@Entity({ name: 'workflow_run_steps' })
export class WorkflowRunStepEntity {
  @PrimaryColumn({ type: 'bigint' })
  runId!: string;

  /** From 1, in the order the run took them. */
  @PrimaryColumn({ type: 'integer' })
  step!: number;

  @Column({ type: 'varchar', length: 64 })
  nodeId!: string;

  @Column({ type: 'varchar', length: 64 })
  type!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: StepStatus;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail!: StepDetail;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'integer', default: 1 })
  attempts!: number;

  @Column({ type: 'timestamptz' })
  startedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
