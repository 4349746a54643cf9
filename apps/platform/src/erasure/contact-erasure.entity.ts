import { Column, Entity, Index } from 'typeorm';
import { CompanyKeyedEntity } from '../shared/company-owned.entity';

export const ERASURE_NOT_FOUND = 'Erasure not found.';

/**
 * The record of one contact's erasure and how far each app got (GET /api/contacts/{id}/erase).
 * The platform's part is done in the transaction that writes the row; messaging's and
 * webhook-dispatch's are set when their reports (`contact.erased`, `webhook.contact_erased`)
 * arrive. It names the contact by id only: nothing personal is kept here.
 */
@Entity({ name: 'contact_erasures' })
@Index('contact_erasures_contact_uq', ['companyId', 'contactId'], { unique: true })
export class ContactErasureEntity extends CompanyKeyedEntity {
  @Column({ type: 'bigint' })
  contactId!: string;

  /** The user who asked for it. */
  @Column({ type: 'bigint', nullable: true })
  requestedBy!: string | null;

  /** When it was asked for; the platform's part was done at the same instant. */
  @Column({ type: 'timestamptz' })
  requestedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  messagingErasedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  webhookDispatchErasedAt!: Date | null;

  /** When the last app reported. */
  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
