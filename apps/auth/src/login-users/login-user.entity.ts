import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { UserStatus } from '@suite/contracts';

/**
 * What login needs from the platform's users, fed by `platform.user.v1`. The email is stored
 * lower-cased; login looks it up across companies (the login page has no company field). An email
 * is unique within a company only, so it may name several accounts, each with its own password:
 * the login page asks which company when the password opens more than one (decision 0037).
 */
@Entity({ name: 'login_users' })
export class LoginUserEntity {
  @PrimaryColumn({ type: 'bigint' })
  id!: string;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  @Index()
  @Column({ type: 'varchar', length: 255 })
  email!: string;

  /** argon2id PHC string, or null for a user who has no password (yet). */
  @Column({ type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: UserStatus;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
