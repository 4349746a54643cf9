import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * What the phone can receive, as the best channel: `imessage` (with SMS and MMS), `mms` (SMS and
 * MMS), `sms` (text only), `none` (a landline: nothing reaches it). contact-capability.ts maps it
 * to and from the carrier's PhoneCapability.
 */
export const CONTACT_CAPABILITIES = ['imessage', 'mms', 'sms', 'none'] as const;
export type ContactCapability = (typeof CONTACT_CAPABILITIES)[number];

/**
 * A phone number a workspace writes to (or that writes to it). Messaging's contact is
 * phone-level: opt-out state, the channel capability cache and the pinned sender number; the
 * CRM contact lives in the platform.
 */
@Entity({ name: 'contacts' })
// No index on pinned_from_number: nothing reads by it since the pin is chosen by hash (decision
// 0011 §6), and without it a new contact's pin update can stay a HOT update.
export class ContactEntity {
  @PrimaryColumn({ type: 'bigint' })
  companyId!: string;

  /** E.164. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  phone!: string;

  /** Set only when the contact is created (the spec: "stored when contact is new"). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName!: string | null;

  @Column({ type: 'boolean', default: false })
  optedOut!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  optedOutAt!: Date | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  optedOutKeyword!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  optedInAt!: Date | null;

  /** What the carrier's lookup said the phone can receive; a TTL cache (capability_checked_at). */
  @Column({ type: 'varchar', length: 8, nullable: true })
  capability!: ContactCapability | null;

  @Column({ type: 'timestamptz', nullable: true })
  capabilityCheckedAt!: Date | null;

  /** The sticky sender: the workspace number this conversation uses. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  pinnedFromNumber!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastOutboundAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastInboundAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
