import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A personal access token (`suite_pat_…`) of one user. The value is shown once at creation;
 * only its SHA-256 digest is kept. Every app learns it through `credential.issued` and checks
 * it against its own replica (decision 0008).
 */
@Entity({ name: 'personal_access_tokens' })
@Index(['userId', 'createdAt'])
export class PersonalAccessTokenEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint' })
  userId!: string;

  /** The user's company when the token was created (the replica checks the user is still in it). */
  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Hex SHA-256 of the whole value (`credentialDigest`). */
  @Index({ unique: true })
  @Column({ type: 'char', length: 64 })
  digest!: string;

  /** `["*"]` or permission names; effective rights are these ∩ the user's current permissions. */
  @Column({ type: 'text', array: true })
  scopes!: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** Null: never expires. */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** The latest use any app reported (`credential.used`, at most one per app process per minute); null: never used. */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
