import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { PipelineEntity } from './pipeline.entity';
import { CompanyOwnedEntity } from '../../shared/company-owned.entity';

/**
 * A stage of a pipeline. `contactsCount` is the number of contacts in it, kept by every change
 * that moves one in or out, in that change's transaction under the stage row's lock (decision
 * 0032): a page of a stage and the counts beside it never disagree, and the total of a
 * 100,000-contact pipeline costs a row read, not a count.
 */
@Entity({ name: 'pipeline_stages' })
@Index('pipeline_stages_pipeline_order_idx', ['pipelineId', 'sortingOrder'])
export class PipelineStageEntity extends CompanyOwnedEntity {
  @Column({ type: 'bigint' })
  pipelineId!: string;

  @Column({ type: 'varchar', length: 255 })
  stageName!: string;

  /** 1, 2, 3 … in the order the pipeline was created with. */
  @Column({ type: 'integer' })
  sortingOrder!: number;

  @Column({ type: 'integer', default: 0 })
  contactsCount!: number;

  @ManyToOne(() => PipelineEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pipeline_id' })
  pipeline?: PipelineEntity;
}
