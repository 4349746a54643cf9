import { Column, CreateDateColumn, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The columns a company's own record starts with: a bigint identity read as a string, the owning
 * company (indexed: every query is scoped by it, CompanyScopedRepository), and when it was made and
 * last changed. An entity that has exactly these extends it; one whose id, company or timestamps
 * differ (a composite key, a nullable company, no updatedAt) declares its own.
 */
export abstract class CompanyOwnedEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
