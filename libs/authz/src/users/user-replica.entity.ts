import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { UserStatus } from '@suite/contracts';

/**
 * What every app needs to know about a user to accept their credentials, fed by
 * `platform.user.v1`: company, status and the role's current permissions. Email and the password
 * hash stay out (auth keeps its own login replica). A deleted user keeps a row with `deleted_at`,
 * so a late `user.updated` can never bring them back.
 */
@Entity({ name: 'user_replica' })
export class UserReplicaEntity {
  @PrimaryColumn({ type: 'bigint' })
  id!: string;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: UserStatus;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions!: string[];

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
