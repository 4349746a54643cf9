import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An opaque refresh token, stored as the SHA-256 of its value. Rotation: each use marks it
 * rotated and issues a child; the family is the grant, so a rotated token coming back revokes
 * the grant (RFC 9700 §4.14.2).
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryColumn({ type: 'char', length: 64 })
  digest!: string;

  /** The family: every token rotated from one authorization shares its grant. */
  @Index()
  @Column({ type: 'uuid' })
  grantId!: string;

  @Column({ type: 'char', length: 64, nullable: true })
  parentDigest!: string | null;

  @Column({ type: 'text', array: true })
  scopes!: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
