import { Column, Index, PrimaryColumn } from 'typeorm';

/**
 * The columns a personal access token and a workspace API key share: an opaque value shown once,
 * kept as its digest, named, used and revoked alike. Not an entity: each kind keeps its own table
 * (TypeORM adds these columns to each entity that extends the class).
 */
export abstract class IssuedCredentialColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** The company the credential acts in (for a token: the user's company when it was created). */
  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Hex SHA-256 of the whole value (`credentialDigest`). */
  @Index({ unique: true })
  @Column({ type: 'char', length: 64 })
  digest!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** The latest use any app reported (`credential.used`, at most one per app process per minute); null: never used. */
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
