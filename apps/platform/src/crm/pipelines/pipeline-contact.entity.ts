import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import { CompanyKeyedEntity } from '../../shared/company-owned.entity';
import { ContactEntity } from '../contact.entity';
import { PipelineStageEntity } from './pipeline-stage.entity';
import { PipelineEntity } from './pipeline.entity';

/**
 * A contact's place in a pipeline: one stage per pipeline and contact (a contact may be in several
 * pipelines). Its id is the spec's `pipe_stage_id`. `assignedTo` copies the contact's, so the
 * list filtered by user is an index range too; it is rewritten with the contact's.
 * Lists are pages of (stage, id) or (pipeline, id), newest placement first. Each page index
 * leads with every equality the list's query has (company, pipeline, stage, user) and ends in
 * the id: with fewer columns the planner may walk the primary key backwards and filter, which
 * reads a whole stage's worth of rows when the stage's placements are old (decision 0032).
 */
@Entity({ name: 'pipeline_contacts' })
@Index('pipeline_contacts_contact_pipeline_key', ['contactId', 'pipelineId'], { unique: true })
@Index('pipeline_contacts_stage_page_idx', ['companyId', 'pipelineId', 'stageId', 'id'])
@Index('pipeline_contacts_pipeline_page_idx', ['companyId', 'pipelineId', 'id'])
@Index('pipeline_contacts_stage_assignee_page_idx', ['companyId', 'pipelineId', 'stageId', 'assignedTo', 'id'])
@Index('pipeline_contacts_pipeline_assignee_page_idx', ['companyId', 'pipelineId', 'assignedTo', 'id'])
export class PipelineContactEntity extends CompanyKeyedEntity {
  @Column({ type: 'bigint' })
  pipelineId!: string;

  @Column({ type: 'bigint' })
  stageId!: string;

  @Column({ type: 'bigint' })
  contactId!: string;

  @Column({ type: 'bigint', nullable: true })
  assignedTo!: string | null;

  @ManyToOne(() => PipelineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pipeline_id' })
  pipeline?: PipelineEntity;

  @ManyToOne(() => PipelineStageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'stage_id' })
  stage?: PipelineStageEntity;

  @ManyToOne(() => ContactEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contact_id' })
  contact?: ContactEntity;

  /** When the contact entered the pipeline. */
  @CreateDateColumn({ type: 'timestamptz' })
  placedAt!: Date;

  /** When it last changed stage. */
  @UpdateDateColumn({ type: 'timestamptz' })
  movedAt!: Date;
}
