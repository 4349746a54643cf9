import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A contact joining (`joined`) or leaving a list at `at` (the platform event's time). Kept as facts,
 * not as a current set: whether a contact was on a list when an event happened is the latest fact
 * at or before that time, whatever order the facts arrived in — events about a contact travel on
 * other topics than the list's and may be read before or after them (decision 0036). A fact seen
 * twice (a contact created on a list is announced by both crm_contact.created and
 * list.contacts_added) is the same row or a harmless twin.
 */
@Entity({ name: 'list_membership_changes' })
export class ListMembershipChangeEntity {
  @PrimaryColumn({ type: 'bigint' })
  listId!: string;

  @PrimaryColumn({ type: 'bigint' })
  contactId!: string;

  @PrimaryColumn({ type: 'timestamptz' })
  at!: Date;

  @PrimaryColumn({ type: 'boolean' })
  joined!: boolean;

  @Column({ type: 'bigint' })
  companyId!: string;
}
