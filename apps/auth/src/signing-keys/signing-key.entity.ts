import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A key pair that signs access tokens. The newest unretired key signs; retired keys stay in the
 * JWKS for a while so tokens they signed still verify until they expire.
 */
@Entity({ name: 'signing_keys' })
export class SigningKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  kid!: string;

  @Column({ type: 'varchar', length: 16 })
  alg!: string;

  /** The public JWK as published (kty, crv, x, y, kid, alg, use). */
  @Column({ type: 'jsonb' })
  publicJwk!: Record<string, string>;

  /** PKCS#8 PEM, sealed with AES-256-GCM (`enc:v1:...`) or, without a key, `plain:<pem>`. */
  @Column({ type: 'text' })
  privateKey!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  retiredAt!: Date | null;
}
