import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ContactEntity } from '../contact.entity';
import { ContactListEntity } from './contact-list.entity';

/** A contact on a list. Reached only through a list found in the company; gone with the list or the contact. */
@Entity({ name: 'contact_list_members' })
export class ContactListMemberEntity {
  @PrimaryColumn({ type: 'bigint' })
  listId!: string;

  @Index()
  @PrimaryColumn({ type: 'bigint' })
  contactId!: string;

  @ManyToOne(() => ContactListEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'list_id' })
  list?: ContactListEntity;

  @ManyToOne(() => ContactEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contact_id' })
  contact?: ContactEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  addedAt!: Date;
}
