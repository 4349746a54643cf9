import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A one-time authorization code (stored as its SHA-256), bound to client, redirect URI and PKCE challenge. */
@Entity({ name: 'authorization_codes' })
export class AuthorizationCodeEntity {
  @PrimaryColumn({ type: 'char', length: 64 })
  digest!: string;

  @Index()
  @Column({ type: 'uuid' })
  grantId!: string;

  @Column({ type: 'varchar', length: 64 })
  clientId!: string;

  @Column({ type: 'text' })
  redirectUri!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  codeChallenge!: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  codeChallengeMethod!: string | null;

  @Column({ type: 'text', array: true })
  scopes!: string[];

  @Column({ type: 'bigint' })
  userId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
