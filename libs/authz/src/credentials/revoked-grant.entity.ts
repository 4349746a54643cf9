import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * OAuth grants (authorizations) auth has revoked, fed by `grant.revoked`. An access token is a
 * JWT nobody can recall, so every app refuses one whose `sid` is listed here; the short token
 * lifetime bounds how long the list must be kept.
 */
@Entity({ name: 'revoked_grant' })
export class RevokedGrantEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  grantId!: string;

  @Column({ type: 'varchar', length: 64 })
  clientId!: string;

  @Column({ type: 'bigint' })
  userId!: string;

  @Column({ type: 'timestamptz' })
  revokedAt!: Date;
}
