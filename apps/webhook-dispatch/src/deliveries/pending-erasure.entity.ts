import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An erasure between its two passes (DeliveryErasureHandler): the first on `crm_contact.erased`,
 * the last once messaging has reported its part (`contact.erased`) — after which messaging writes
 * nothing more about the number, so no late `sms.*` delivery can follow the last pass. It holds
 * the person's values (`mentions`) only that long: the row goes with the last pass. Either event
 * may come first (they travel on different topics).
 */
@Entity({ name: 'pending_erasures' })
export class PendingErasureEntity {
  @PrimaryColumn({ type: 'bigint' })
  companyId!: string;

  @PrimaryColumn({ type: 'bigint' })
  contactId!: string;

  /** The number, email and full name; null while only messaging's report has come. */
  @Column({ type: 'text', array: true, nullable: true })
  mentions!: string[] | null;

  @Column({ type: 'boolean', default: false })
  messagingDone!: boolean;

  /** Deliveries scrubbed so far. */
  @Column({ type: 'integer', default: 0 })
  scrubbed!: number;
}
