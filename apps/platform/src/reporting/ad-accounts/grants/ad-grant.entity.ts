import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../../../shared/company-owned.entity';
import type { AdProvider } from '../ad-provider';

export const AD_GRANT_COMPANY_PROVIDER_UNIQUE = 'ad_grants_company_provider_uq';

export const AD_GRANT_STATUSES = ['active', 'revoked'] as const;
export type AdGrantStatus = (typeof AD_GRANT_STATUSES)[number];

/**
 * A company's consent at an ad platform: the OAuth tokens its user granted, one grant per company
 * and provider (a new consent replaces the old). The tokens are stored sealed
 * (shared/secrets/secret-box.ts) with the row's company and provider as context, so a sealed
 * token copied into another company's row does not open; `keyId` names the key that sealed them,
 * so rows still under a previous key can be found and sealed again (decision 0043).
 */
@Entity({ name: 'ad_grants' })
@Index(AD_GRANT_COMPANY_PROVIDER_UNIQUE, ['companyId', 'provider'], { unique: true })
export class AdGrantEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 16 })
  provider!: AdProvider;

  @Column({ type: 'varchar', length: 16 })
  status!: AdGrantStatus;

  /** Sealed. */
  @Column({ type: 'text' })
  accessToken!: string;

  /** Sealed; null when the provider issues none (Meta). */
  @Column({ type: 'text', nullable: true })
  refreshToken!: string | null;

  @Column({ type: 'varchar', length: 16 })
  keyId!: string;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** When to ask the provider for new tokens; null: never. */
  @Column({ type: 'timestamptz', nullable: true })
  refreshAfter!: Date | null;

  @Column({ type: 'varchar', length: 500 })
  scope!: string;

  /** The user who consented. */
  @Column({ type: 'bigint' })
  grantedBy!: string;

  @Column({ type: 'timestamptz' })
  grantedAt!: Date;

  /** Why the grant stopped working (null while active). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  revokedReason!: string | null;
}
