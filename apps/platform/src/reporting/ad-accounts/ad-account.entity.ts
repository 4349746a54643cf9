import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../../shared/company-owned.entity';
import type { AdProvider } from './ad-provider';

export const AD_ACCOUNT_PROVIDER_UNIQUE = 'ad_accounts_company_provider_uq';
/** One company at a time per provider account (decision 0043): a disconnected row no longer holds its id. */
export const AD_ACCOUNT_HELD_UNIQUE = 'ad_accounts_provider_account_connected_uq';

/** `disconnected`: the grant was revoked or no longer reads the account; its spend is unknown (null). */
export const AD_ACCOUNT_STATUSES = ['connected', 'disconnected'] as const;
export type AdAccountStatus = (typeof AD_ACCOUNT_STATUSES)[number];

/**
 * An ad account a company connected, one per provider (the unique index makes a second connect of
 * the same provider, even a concurrent one, a 409), and one company per provider account while
 * connected (a second unique index, partial, decides between two companies racing). Its spend per
 * day is in ad_spend_days, synced by the `ad_spend.sync` queue; `lastSyncedAt` stays null until a
 * sync succeeded — until then, and while disconnected, its spend is unknown (null), never 0.
 */
@Entity({ name: 'ad_accounts' })
@Index(AD_ACCOUNT_PROVIDER_UNIQUE, ['companyId', 'provider'], { unique: true })
@Index(AD_ACCOUNT_HELD_UNIQUE, ['provider', 'accountId'], { unique: true, where: `"status" = 'connected'` })
export class AdAccountEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 16 })
  provider!: AdProvider;

  /** The provider's id of the account (`act_…`, `123-456-7890`). */
  @Column({ type: 'varchar', length: 64 })
  accountId!: string;

  /** As the provider named it at connect. */
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** ISO 4217, as the provider reports the account's spend. */
  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  /** IANA zone the provider reports the account's days in (its spend days are stored as reported). */
  @Column({ type: 'varchar', length: 64 })
  timeZone!: string;

  @Column({ type: 'varchar', length: 16, default: 'connected' })
  status!: AdAccountStatus;

  /** Why the account is disconnected (null while connected). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  disconnectedReason!: string | null;

  @Column({ type: 'timestamptz' })
  connectedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastSyncedAt!: Date | null;

  /** Why the latest sync failed; cleared by the next that succeeds. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  lastSyncError!: string | null;
}
