import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What became of one request handing a message to a provider:
 * - `in_flight`: recorded, the request about to leave; never settled means the process died
 *   between send and settle — the provider may or may not have the message;
 * - `accepted`, `rejected`, `unavailable`: the provider's answer;
 * - `unknown`: the answer was lost (connection dropped, timeout) — may or may not have gone;
 * - `found` / `not_found`: an `in_flight` or `unknown` hand-off looked up at the provider before
 *   any second attempt (decision 0038): it had the message (adopted, never sent again) or not
 *   (only then is it sent again).
 */
export const HAND_OFF_OUTCOMES = ['in_flight', 'accepted', 'rejected', 'unavailable', 'unknown', 'found', 'not_found'] as const;
export type HandOffOutcome = (typeof HAND_OFF_OUTCOMES)[number];
/** Outcomes that leave the provider's state unknown: looked up before the message may go again. */
export const AMBIGUOUS_OUTCOMES: readonly HandOffOutcome[] = ['in_flight', 'unknown'];

/** `send`: the scheduler's hand-off; `sms_fallback`: the one SMS resend of an iMessage that did not go as iMessage. */
export const HAND_OFF_KINDS = ['send', 'sms_fallback'] as const;
export type HandOffKind = (typeof HAND_OFF_KINDS)[number];

/**
 * Every request that handed (or tried to hand) a message to a carrier, recorded BEFORE the request
 * leaves — in its own committed statement, outside the hand-off's transaction — and settled in
 * that transaction with the message's own change. So a crash between send and settle leaves a
 * visible `in_flight` row, not silence; `GET /v1/messages/{id}` lists them as `hand_offs`.
 * No foreign key to messages on purpose: the insert must not wait for the message row, which
 * the hand-off holds locked while it runs.
 */
@Entity({ name: 'message_hand_offs' })
@Index('message_hand_offs_message_idx', ['messageId', 'startedAt'])
@Index('message_hand_offs_carrier_message_id_idx', ['carrierMessageId'], { where: '"carrier_message_id" IS NOT NULL' })
export class MessageHandOffEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'uuid' })
  messageId!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 16, default: 'send' })
  kind!: HandOffKind;

  /** The provider asked: 'sandbox', 'twilio', 'sendblue' (CarrierRoute.provider). */
  @Column({ type: 'varchar', length: 16 })
  provider!: string;

  @Column({ type: 'varchar', length: 8 })
  channel!: string;

  @Column({ type: 'varchar', length: 16 })
  fromNumber!: string;

  /** When the request was about to leave. */
  @Column({ type: 'timestamptz' })
  startedAt!: Date;

  @Column({ type: 'varchar', length: 16, default: 'in_flight' })
  outcome!: HandOffOutcome;

  @Column({ type: 'timestamptz', nullable: true })
  settledAt!: Date | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  carrierMessageId!: string | null;

  /** The provider's refusal, the error, or what the lookup said. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  detail!: string | null;

  /** When the provider reported that this iMessage could not go as iMessage (an SMS resend follows). */
  @Column({ type: 'timestamptz', nullable: true })
  downgradedAt!: Date | null;
}
