import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { CompanyKeyedEntity } from '../../shared/company-owned.entity';

import { PHONE_NUMBER_TYPES, type PhoneNumberType } from '../provider/voice-provider.port';

export { PHONE_NUMBER_TYPES, type PhoneNumberType };

/**
 * A number a company bought from the voice provider. Releasing keeps the row (`releasedAt`):
 * calls and messages that name it stay meaningful. A number is held by one company at a time
 * (the partial unique index), so two purchases of one number cannot both succeed.
 */
@Entity({ name: 'phone_numbers' })
@Index('phone_numbers_company_idx', ['companyId', 'id'])
@Index('phone_numbers_held_uq', ['phoneNumber'], { unique: true, where: 'released_at IS NULL' })
export class PhoneNumberEntity extends CompanyKeyedEntity {
  /** E.164. */
  @Column({ type: 'varchar', length: 16 })
  phoneNumber!: string;

  /** The provider's id of the number (what release is asked with). */
  @Column({ type: 'varchar', length: 64 })
  providerNumberId!: string;

  /** The voice provider that sold it (`sandbox`, …). */
  @Column({ type: 'varchar', length: 32 })
  provider!: string;

  @Column({ type: 'varchar', length: 64 })
  friendlyName!: string;

  /** A name the company gives the number. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  nickname!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  locality!: string | null;

  /** The national area code (`212`), empty for numbers without one. */
  @Column({ type: 'varchar', length: 8 })
  areaCode!: string;

  /** ISO 3166-1 alpha-2. */
  @Column({ type: 'varchar', length: 2 })
  country!: string;

  @Column({ type: 'varchar', length: 8 })
  numberType!: PhoneNumberType;

  /** `Voice`, `SMS`, `MMS`. */
  @Column({ type: 'text', array: true })
  capabilities!: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  purchasedAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  releasedAt!: Date | null;
}
