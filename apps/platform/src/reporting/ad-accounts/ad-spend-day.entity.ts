import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AdAccountEntity } from './ad-account.entity';

/**
 * An ad account's spend on one local day of its company (the provider reports in the company's
 * time zone). A sync writes each day it fetched over what was there (the provider corrects
 * recent days); deleting the account deletes its days (ON DELETE CASCADE).
 */
@Entity({ name: 'ad_spend_days' })
@Index('ad_spend_days_company_day_idx', ['companyId', 'day'])
export class AdSpendDayEntity {
  @PrimaryColumn({ type: 'bigint' })
  adAccountId!: string;

  /** `Y-m-d`. */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @ManyToOne(() => AdAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ad_account_id' })
  adAccount?: AdAccountEntity;

  @Column({ type: 'bigint' })
  companyId!: string;

  /** Major units, two decimals; read as a string (numeric), summed in SQL. */
  @Column({ type: 'numeric', precision: 14, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'timestamptz' })
  syncedAt!: Date;
}
