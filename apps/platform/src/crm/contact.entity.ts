import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../shared/company-owned.entity';

export const CONTACT_NOT_FOUND = 'Contact not found.';

/**
 * A CRM contact (a lead) of a company: a person, with the channel they came from and the user
 * they are assigned to. Not messaging's contact (a phone number's opt-out state in a workspace).
 * Deleting one keeps the row (`deletedAt`): the dashboard's "leads created this month" does not
 * change after the fact, and appointments keep their contact. It leaves its pipelines and lists.
 * It lies at the bottom of the crm, beside no feature: lists, pipelines and appointments name it,
 * and contacts/ (which puts a new contact on its lists and stages) sits above them (decision 0059).
 */
@Entity({ name: 'contacts' })
@Index('contacts_company_id_idx', ['companyId', 'id'])
// (company_id, created_at) INCLUDE (source): defined by migration 1795553685457 (TypeORM cannot say INCLUDE).
@Index('contacts_company_created_idx', { synchronize: false })
// Messaging and calls know a phone number: the workflows find the contacts with it.
@Index('contacts_company_phone_idx', ['companyId', 'phone'])
export class ContactEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 255 })
  firstName!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  lastName!: string | null;

  /** E.164. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** The channel the lead came from (`facebook`, `google`, `organic`, `referral`, …), lower-case. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  source!: string | null;

  /** A live user of the company. */
  @Column({ type: 'bigint', nullable: true })
  assignedTo!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ type: 'jsonb', default: () => "'{}'" })
  customFields!: Record<string, unknown>;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
