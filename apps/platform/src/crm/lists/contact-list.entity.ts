import { Column, Entity } from 'typeorm';
import { CompanyOwnedEntity } from '../../shared/company-owned.entity';

/** A company's selection list of contacts, the audience a webhook or a dialer campaign targets. */
@Entity({ name: 'contact_lists' })
export class ContactListEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;
}
