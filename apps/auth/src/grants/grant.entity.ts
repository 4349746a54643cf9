import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One authorization: a user let a client act with some scopes. Every code, refresh token and
 * access token (`sid`) hangs off it; revoking it voids them all (`grant.revoked`).
 */
@Entity({ name: 'grants' })
export class GrantEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index()
  @Column({ type: 'varchar', length: 64 })
  clientId!: string;

  @Index()
  @Column({ type: 'bigint' })
  userId!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'text', array: true })
  scopes!: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /**
   * Login-as grants (RFC 8693 exchange) only: the admin acting as `userId`. Such a grant has no
   * code and no refresh token; its one access token lives IMPERSONATION_TOKEN_TTL_SECONDS.
   */
  @Index()
  @Column({ type: 'bigint', nullable: true })
  actorUserId!: string | null;

  /** `code_replay`, `refresh_token_reuse`, `client_deleted`, `user_revoked`. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  revokedReason!: string | null;
}
