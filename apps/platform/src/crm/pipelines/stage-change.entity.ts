import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Why a contact's stage changed, as recorded. */
export const STAGE_CHANGE_REASONS = ['placed', 'moved', 'contact_deleted', 'pipeline_deleted'] as const;
export type StageChangeReason = (typeof STAGE_CHANGE_REASONS)[number];

/**
 * The record of every stage change of a contact: placed in a pipeline (`fromStageId` null),
 * moved, or out of it (`toStageId` null: the contact or the pipeline was deleted). History: no
 * foreign keys, so it outlives the pipeline and its stages.
 */
@Entity({ name: 'pipeline_stage_changes' })
@Index('pipeline_stage_changes_contact_idx', ['contactId', 'id'])
export class StageChangeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'bigint' })
  contactId!: string;

  @Column({ type: 'bigint' })
  pipelineId!: string;

  @Column({ type: 'bigint', nullable: true })
  fromStageId!: string | null;

  @Column({ type: 'bigint', nullable: true })
  toStageId!: string | null;

  @Column({ type: 'varchar', length: 32 })
  reason!: StageChangeReason;

  /** The user who made the change; null for the system. */
  @Column({ type: 'bigint', nullable: true })
  changedBy!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  changedAt!: Date;
}
