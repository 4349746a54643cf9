import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../../shared/company-owned.entity';

export const SPAM_NUMBER_TYPES = ['AI', 'House', 'Custom'] as const;
export type SpamNumberType = (typeof SPAM_NUMBER_TYPES)[number];

export const SPAM_STATUSES = ['In Progress', 'Flagged', 'Clean'] as const;
export type SpamStatus = (typeof SPAM_STATUSES)[number];

/** One carrier's answer about a number, as the latest check found it. */
export interface CarrierCheck {
  carrier: string;
  flagged: boolean;
  /** The carrier's label when flagged (`Spam Likely`, `Scam Likely`, …). */
  label: string | null;
  checked_at: string;
}

/**
 * A number whose reputation the company watches. `House` and `AI` rows follow the company's
 * purchased numbers (`phoneNumberId`; AI while an agent uses the number) and are not editable;
 * `Custom` rows are numbers the company typed in. `status` is `In Progress` until the first check
 * answers, then `Flagged` when any carrier labels the number and `Clean` otherwise.
 */
@Entity({ name: 'spam_protected_numbers' })
@Index('spam_protected_numbers_company_idx', ['companyId', 'id'])
// One row per number and company: a purchase takes over a Custom row of the same number.
@Index('spam_protected_numbers_company_pnumber_uq', ['companyId', 'pnumber'], { unique: true })
@Index('spam_protected_numbers_phone_number_uq', ['phoneNumberId'], { unique: true, where: 'phone_number_id IS NOT NULL' })
export class SpamProtectedNumberEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 20 })
  pnumber!: string;

  @Column({ type: 'varchar', length: 8 })
  type!: SpamNumberType;

  @Column({ type: 'varchar', length: 16, default: 'In Progress' })
  status!: SpamStatus;

  /** The purchased number a House or AI row follows; null for Custom rows. */
  @Column({ type: 'bigint', nullable: true })
  phoneNumberId!: string | null;

  /**
   * The first renewal of a purchased number (its purchase day + one month, UTC), set at purchase;
   * the API answers the next one on or after today, from the phone number's purchase time.
   * Null for Custom rows.
   */
  @Column({ type: 'date', nullable: true })
  renewal!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastCheckedAt!: Date | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  flaggedCarriers!: CarrierCheck[];

  /**
   * Why the latest check got no answer that will come by asking again soon (no reputation source
   * configured, not allowed, the number not monitored there); null after a real answer.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  statusReason!: string | null;
}
