import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../../shared/company-owned.entity';

export const FOLDER_NOT_FOUND = 'Folder not found.';

/** A folder of workflows (`f_name`), possibly inside another of the company's folders; listed by `sortOrder`. */
@Entity({ name: 'workflow_folders' })
@Index('workflow_folders_company_idx', ['companyId', 'sortOrder', 'id'])
export class WorkflowFolderEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 100 })
  fName!: string;

  @Column({ type: 'bigint', nullable: true })
  parentId!: string | null;

  @Column({ type: 'integer', default: 0 })
  sortOrder!: number;
}
