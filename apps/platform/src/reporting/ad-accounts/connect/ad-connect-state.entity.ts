import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { CompanyKeyedEntity } from '../../../shared/company-owned.entity';
import type { AdProvider } from '../ad-provider';

export const AD_CONNECT_STATE_DIGEST_UNIQUE = 'ad_connect_states_digest_uq';

/**
 * One consent under way: the OAuth `state` a company's user was sent to the provider with (its
 * SHA-256 only: the row does not give the state away), the PKCE verifier (sealed), and who asked.
 * The callback consumes the row (a delete that only one request can win), so a state works once
 * and only until `expiresAt`.
 */
@Entity({ name: 'ad_connect_states' })
@Index(AD_CONNECT_STATE_DIGEST_UNIQUE, ['stateDigest'], { unique: true })
export class AdConnectStateEntity extends CompanyKeyedEntity {
  @Column({ type: 'varchar', length: 16 })
  provider!: AdProvider;

  @Column({ type: 'bigint' })
  userId!: string;

  /** Hex SHA-256 of the state. */
  @Column({ type: 'char', length: 64 })
  stateDigest!: string;

  /** Sealed PKCE verifier. */
  @Column({ type: 'text' })
  codeVerifier!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
