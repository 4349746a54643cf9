import { Column, CreateDateColumn, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The key of a company's own record: a bigint identity read as a string and the owning company.
 * No index of its own on `companyId`: an entity that extends it directly (or through
 * CompanyStampedEntity) is found through its table's composite indexes, which lead with the
 * company. Its timestamps, if any, are its own (another name, no `updatedAt`).
 */
export abstract class CompanyKeyedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;
}

/** CompanyKeyedEntity with when the row was made and last changed. */
export abstract class CompanyStampedEntity extends CompanyKeyedEntity {
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * The columns a company's own record starts with: a bigint identity read as a string, the owning
 * company (indexed on its own: every query is scoped by it, CompanyScopedRepository), and when it
 * was made and last changed. An entity that has exactly these extends it; one whose table indexes
 * the company only in composite indexes extends CompanyStampedEntity or CompanyKeyedEntity; one
 * whose id, company or timestamps differ (a composite key, a nullable company) declares its own.
 */
@Index(['companyId'])
export abstract class CompanyOwnedEntity extends CompanyStampedEntity {}
