import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Sign-in failures of one account (`account:<sha256 of the email>`) or of one known browser
 * (`device:<nonce>`), shared by every auth replica (decision 0021). Auth's own table: not
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
