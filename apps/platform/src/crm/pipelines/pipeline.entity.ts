import { Column, Entity } from 'typeorm';
import { CompanyOwnedEntity } from '../../shared/company-owned.entity';

/** A company's sales pipeline: ordered stages (PipelineStageEntity) its contacts move through. */
@Entity({ name: 'pipelines' })
export class PipelineEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;
}
