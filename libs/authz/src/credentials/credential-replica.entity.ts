import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { OpaqueCredentialKind } from '@suite/contracts';

/**
 * Every app's copy of the personal access tokens and workspace API keys auth has issued, fed by
 * `auth.credential.v1`. Looked up by the SHA-256 digest of the presented secret (the secret
 * itself never leaves auth), so checking a credential needs no call to auth.
 */
@Entity({ name: 'credential_replica' })
export class CredentialReplicaEntity {
  /** Hex SHA-256 of the whole secret (`credentialDigest`). */
  @PrimaryColumn({ type: 'char', length: 64 })
  digest!: string;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  credentialId!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: OpaqueCredentialKind;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  /** The owner of a personal access token; null for a workspace API key. */
  @Column({ type: 'bigint', nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes!: string[];

  /** Null: never expires. */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
