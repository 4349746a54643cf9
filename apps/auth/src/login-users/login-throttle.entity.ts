import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Sign-in failures of one account (`user:<id>`), of an email no account has (`email:<sha256>`) or
 * of one known browser on one account (`device:<nonce>:<id>`), shared by every auth replica
 * (decisions 0021, 0037). Auth's own table: not
 * login_users, which the platform's user events overwrite. A row lives until a success deletes
 * it or, 15 minutes after its last failure, a sweep does.
 */
@Entity({ name: 'login_throttles' })
export class LoginThrottleEntity {
  @PrimaryColumn({ type: 'varchar', length: 80 })
  key!: string;

  @Column({ type: 'int' })
  failures!: number;

  @Index()
  @Column({ type: 'timestamptz' })
  lastFailureAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;
}
