import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A registered OAuth client: one exact redirect URI; confidential clients hold a secret (stored as SHA-256). */
@Entity({ name: 'oauth_clients' })
export class OAuthClientEntity {
  /** Public, random (`suite_client_` + 128 bits). */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  clientId!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Compared by exact string equality (RFC 9700 §4.1.3). */
  @Column({ type: 'text' })
  redirectUri!: string;

  @Column({ type: 'boolean' })
  confidential!: boolean;

  /** Hex SHA-256 of the secret (256 random bits, so a fast hash is enough); null for public clients. */
  @Column({ type: 'char', length: 64, nullable: true })
  secretDigest!: string | null;

  @Index()
  @Column({ type: 'bigint' })
  companyId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
