import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CompanyStampedEntity } from '../../shared/company-owned.entity';
import type { AppointmentStatus } from '@suite/contracts';
import { ContactEntity } from '../contact.entity';

/**
 * An appointment booked with a contact. `createdAt` is the booking time the dashboard counts by;
 * cancelling keeps the row (`status`, `cancelledAt`).
 */
@Entity({ name: 'appointments' })
@Index('appointments_company_starts_idx', ['companyId', 'startsAt'])
// (company_id, created_at) INCLUDE (status): defined by migration 1795553685457 (TypeORM cannot say INCLUDE).
@Index('appointments_company_booked_idx', { synchronize: false })
export class AppointmentEntity extends CompanyStampedEntity {
  @Index()
  @Column({ type: 'bigint' })
  contactId!: string;

  @ManyToOne(() => ContactEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'contact_id' })
  contact?: ContactEntity;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'timestamptz' })
  startsAt!: Date;

  @Column({ type: 'timestamptz' })
  endsAt!: Date;

  /** The user it is booked with. */
  @Column({ type: 'bigint', nullable: true })
  assignedTo!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'scheduled' })
  status!: AppointmentStatus;

  @Column({ type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;
}
