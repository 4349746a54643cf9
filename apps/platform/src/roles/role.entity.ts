import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Permission } from '@suite/contracts';

/** A company's role: a name and the permissions it grants to the users holding it. */
@Entity({ name: 'roles' })
export class RoleEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Permission names (see PERMISSIONS in @suite/contracts). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions!: Permission[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
