import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A CRM contact as webhook-dispatch needs it (from platform.contact.v1): its phone number, so an
 * sms.* event — messaging knows a number, not a CRM contact — finds the contacts it is about, and
 * when it was deleted (it is on no list from then on).
 */
@Entity({ name: 'contact_replicas' })
@Index(['companyId', 'phone'])
export class ContactReplicaEntity {
  @PrimaryColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  /** E.164, as the platform stores it. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
