import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { MessageChannel, MessageDirection, MessageEffect, MessageSender } from '@suite/contracts';
import type { MessageStatus } from '@suite/message-status';

/** The table's qualified name, for the statements written by hand (the state machine's guarded update, the scheduler's claims). */
export const MESSAGES_TABLE = 'messaging.messages';

/**
 * One message, outbound or inbound. The status changes only through applyStatusEvent (the state
 * machine's guarded UPDATE); the columns after `effect` are written by the scheduler, the carrier
 * callbacks and inbound processing, which build on this table.
 */
@Entity({ name: 'messages' })
// Lists and conversations in `ts` order (decision 0024): expression indexes on (company_id[, contact_phone],
// COALESCE(carrier_ts, created_at), created_at, id), which TypeORM cannot describe. They are made by the
// migration MessagesTsOrder and named here so that schema sync and the drift check leave them alone.
@Index('messages_company_ts_idx', { synchronize: false })
@Index('messages_conversation_ts_idx', { synchronize: false })
// A contact's messages in creation order: the scheduler's earlier-pending and last-exchange reads, inbound's replied-to.
@Index('messages_conversation_idx', ['companyId', 'contactPhone', 'createdAt'])
@Index('messages_release_idx', ['releaseAfter'], { where: `"status" = 'queued'` })
// Each sender number's queue in order: the claim reads only the head of a free number's queue (release-scheduler/release-candidates.ts).
@Index('messages_number_queue_idx', ['fromNumber', 'releaseAfter', 'createdAt', 'id'], { where: `"status" = 'queued'` })
@Index('messages_stuck_claims_idx', ['claimedAt'], { where: `"status" = 'sending'` })
// The messages waiting for a receipt, oldest first: the reconciliation sweep (callbacks/receipt-reconciliation/).
@Index('messages_awaiting_receipt_idx', ['sentAt'], { where: `"status" = 'sent'` })
@Index('messages_carrier_message_id_key', ['carrierMessageId'], { unique: true, where: '"carrier_message_id" IS NOT NULL' })
export class MessageEntity {
  /** The API id; a uuid v4 made by the writer (it also names the outbox event's subject). */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 8 })
  direction!: MessageDirection;

  /** Null until the scheduler chooses it. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  channel!: MessageChannel | null;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: MessageStatus;

  /**
   * The workspace's number in the exchange: the pinned sender of an outbound message, the number an
   * inbound one was written to. (The API's from_number/to are direction-aware: see message-addresses.ts.)
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  fromNumber!: string | null;

  /** The lead's number, E.164. */
  @Column({ type: 'varchar', length: 16 })
  contactPhone!: string;

  /** Author of an outbound message; null for inbound. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  sender!: MessageSender | null;

  @Column({ type: 'jsonb' })
  attachments!: string[];

  /** Kept even when the message goes out as SMS/MMS, where it is ignored. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  effect!: MessageEffect | null;

  /**
   * The scheduler may hand it over outside the recipient's send window: set on the service's
   * auto-replies (HELP, opt-out confirmation), which answer a text the person just sent
   * (decision 0015). Pacing still applies.
   */
  @Column({ type: 'boolean', default: false })
  bypassWindow!: boolean;

  /**
   * Sent even though the contact is opted out, and spared by the opt-out's cancellation: set
   * only on the opt-out confirmation and HELP replies (decision 0015).
   */
  @Column({ type: 'boolean', default: false })
  bypassOptOut!: boolean;

  /** The earliest moment the scheduler may consider the message (created_at at insert; pushed later by window and pacing). */
  @Column({ type: 'timestamptz' })
  releaseAfter!: Date;

  /** When the scheduler claimed it (status `sending`); old claims are recovered. */
  @Column({ type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  /** When it was given to the carrier: from then on it can no longer be cancelled. */
  @Column({ type: 'timestamptz', nullable: true })
  handedOverAt!: Date | null;

  /**
   * Claims so far (each claim is one hand-off attempt). The scheduler fails a message after
   * MESSAGING_SCHEDULER_MAX_ATTEMPTS, and a hand-off proceeds only if the row still carries the
   * attempt it claimed: a claim given back by the sweeper and claimed again elsewhere is not sent twice.
   */
  @Column({ type: 'int', default: 0 })
  sendAttempts!: number;

  @Column({ type: 'varchar', length: 128, nullable: true })
  carrierMessageId!: string | null;

  /** The carrier's own timestamp of the message (the API's `ts`). */
  @Column({ type: 'timestamptz', nullable: true })
  carrierTs!: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  failureReason!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  /**
   * When the reconciliation last asked the provider for the status of this `sent` message whose
   * receipt never came (decision 0049); null: never. The next lookup is a receipt timeout later.
   */
  @Column({ type: 'timestamptz', nullable: true })
  receiptCheckedAt!: Date | null;

  /** Set by the writer (not a CreateDateColumn) so release_after can start equal to it. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
