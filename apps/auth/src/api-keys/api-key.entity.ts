import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A workspace API key (`suite_key_…`) for the messaging API: it belongs to a company, not to a
 * user. The value is shown once; only its SHA-256 digest is kept, and every app learns it
 * through `credential.issued`.
 */
@Entity({ name: 'api_keys' })
@Index(['companyId', 'createdAt'])
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Hex SHA-256 of the whole value (`credentialDigest`). */
  @Index({ unique: true })
  @Column({ type: 'char', length: 64 })
  digest!: string;

  /** Who created it (audit); the key itself acts for the company, not for this user. */
  @Column({ type: 'bigint' })
  createdByUserId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** The latest use any app reported (`credential.used`, at most one per app process per minute); null: never used. */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ type: 'bigint', nullable: true })
  revokedByUserId!: string | null;
}
