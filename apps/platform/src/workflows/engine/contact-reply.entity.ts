import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * When a phone number of a company last replied to a text (messaging's `conversation.replied`):
 * what an `if_else` on "last reply" reads. Keyed by phone, as messaging knows its contacts; a CRM
 * contact is matched to it by its phone number.
 */
@Entity({ name: 'workflow_contact_replies' })
export class ContactReplyEntity {
  @PrimaryColumn({ type: 'bigint' })
  companyId!: string;

  /** E.164. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  phone!: string;

  @Column({ type: 'timestamptz' })
  lastReplyAt!: Date;
}
