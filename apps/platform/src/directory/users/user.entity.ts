import { Column, Entity, Index, OneToMany, type Relation } from 'typeorm';
import type { UserStatus } from '@suite/contracts';
import { UserExtPhoneEntity } from './user-ext-phone.entity';
import { CompanyOwnedEntity } from '../../shared/company-owned.entity';

export const DIALER_OPTIONS = ['No', 'Both'] as const;
export const USE_BALANCE_OPTIONS = ['Company', 'User'] as const;
export const PAY_FOR_SEATS_OPTIONS = ['No', 'Houseler'] as const;
export const YES_NO = ['No', 'Yes'] as const;

export type Dialer = (typeof DIALER_OPTIONS)[number];
export type UseBalance = (typeof USE_BALANCE_OPTIONS)[number];
export type PayForSeats = (typeof PAY_FOR_SEATS_OPTIONS)[number];
export type YesNo = (typeof YES_NO)[number];

/**
 * A user of a company. Deletion is soft (`deletedAt`): the row stays for history and so the id
 * is never reused, but the user is gone from every listing and cannot log in.
 *
 * Email: `emailKey` is the lower-cased email, unique among the company's live users (the spec's
 * "unique in the company") by a partial unique index. Another company may have a user with the
 * same email — a person may work for several companies, an agency's staff usually do — and auth
 * asks which company after the password is verified (decision 0037).
 */
@Entity({ name: 'users' })
@Index('UQ_users_company_email_key_live', ['companyId', 'emailKey'], { unique: true, where: '"deleted_at" IS NULL' })
export class UserEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'varchar', length: 255 })
  email!: string;

  /** lower(email); kept by the service, unique among the company's live users (see the class comment). */
  @Column({ type: 'varchar', length: 255 })
  emailKey!: string;

  /** argon2id PHC string; never returned nor logged. */
  @Column({ type: 'varchar', length: 255 })
  passwordHash!: string;

  @Index()
  @Column({ type: 'bigint' })
  roleId!: string;

  @Column({ type: 'varchar', length: 16, default: 'Active' })
  status!: UserStatus;

  @Column({ type: 'varchar', length: 8, default: 'No' })
  dialer!: Dialer;

  @Column({ type: 'varchar', length: 8, default: 'Company' })
  useBalance!: UseBalance;

  @Column({ type: 'varchar', length: 8, default: 'No' })
  payForSeats!: PayForSeats;

  @Column({ type: 'varchar', length: 3, default: 'No' })
  useCompanySeat!: YesNo;

  @Column({ type: 'varchar', length: 3, default: 'No' })
  localPresence!: YesNo;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phoneNumber!: string | null;

  /** Area codes for local presence dialling; only kept while `localPresence` is Yes. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  areaCodes!: string[];

  @OneToMany(() => UserExtPhoneEntity, 'user')
  extPhones?: Array<Relation<UserExtPhoneEntity>>;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
