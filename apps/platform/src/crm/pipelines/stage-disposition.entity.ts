import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CompanyKeyedEntity } from '../../shared/company-owned.entity';
import { PipelineStageEntity } from './pipeline-stage.entity';

/**
 * A call disposition linked to a stage: a call that ends with it moves its contact to the stage
 * (PUT /api/pipeline/stages/{id}/dispositions). Within a pipeline a disposition leads to one
 * stage; the links go with the stage (and so with the pipeline).
 */
@Entity({ name: 'pipeline_stage_dispositions' })
@Index('pipeline_stage_dispositions_pipeline_uq', ['pipelineId', 'disposition'], { unique: true })
@Index('pipeline_stage_dispositions_company_idx', ['companyId', 'disposition'])
export class StageDispositionEntity extends CompanyKeyedEntity {
  @Column({ type: 'bigint' })
  pipelineId!: string;

  @Index()
  @Column({ type: 'bigint' })
  stageId!: string;

  @ManyToOne(() => PipelineStageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'stage_id' })
  stage?: PipelineStageEntity;

  /** Trimmed and lower-cased; a call's disposition is matched the same way. */
  @Column({ type: 'varchar', length: 100 })
  disposition!: string;
}
