import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One login-as: who acted as whom, in which company, through which grant, when and from where.
 * Written in the transaction that creates the grant, so no token exists without its row. The
 * token itself is never stored.
 */
@Entity({ name: 'impersonation_audit' })
@Index(['companyId', 'issuedAt'])
export class ImpersonationAuditEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** The admin (`act.sub`). */
  @Index()
  @Column({ type: 'bigint' })
  actorUserId!: string;

  @Column({ type: 'bigint' })
  actorCompanyId!: string;

  /** How the admin proved who they are: `access_token` or `personal_access_token`, and its id (jti or token id). */
  @Column({ type: 'varchar', length: 32 })
  actorCredential!: string;

  @Column({ type: 'varchar', length: 64 })
  actorCredentialId!: string;

  /** The user acted as (`sub`). */
  @Index()
  @Column({ type: 'bigint' })
  targetUserId!: string;

  /** The target user's company. */
  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'uuid' })
  grantId!: string;

  @Column({ type: 'text', array: true })
  scopes!: string[];

  @Column({ type: 'timestamptz' })
  issuedAt!: Date;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  /** The admin's address as the platform saw it (X-Forwarded-For from the trusted caller). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  requestedFromIp!: string | null;
}
