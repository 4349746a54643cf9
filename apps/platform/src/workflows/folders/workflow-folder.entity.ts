import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const FOLDER_NOT_FOUND = 'Folder not found.';

/** A folder of workflows (`f_name`), possibly inside another of the company's folders; listed by `sortOrder`. */
@Entity({ name: 'workflow_folders' })
@Index('workflow_folders_company_idx', ['companyId', 'sortOrder', 'id'])
export class WorkflowFolderEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 100 })
  fName!: string;

  @Column({ type: 'bigint', nullable: true })
  parentId!: string | null;

  @Column({ type: 'integer', default: 0 })
  sortOrder!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
