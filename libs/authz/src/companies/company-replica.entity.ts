import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The local copy of the platform's companies that every other app keeps, fed by
 * `platform.company.v1`. Scoping decisions (is this company an agency's child?) read it,
 * so no request needs to call the platform.
 */
@Entity({ name: 'company_replica' })
export class CompanyReplicaEntity {
  @PrimaryColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Index()
  @Column({ type: 'bigint', nullable: true })
  parentCompanyId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
