import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { SenderProvider } from '../carrier/carrier.port';

export const SENDER_NUMBER_STATUSES = ['active', 'removed'] as const;
export type SenderNumberStatus = (typeof SENDER_NUMBER_STATUSES)[number];

/**
 * A number of a workspace's sender pool. The number is the key: one number belongs to one
 * workspace (a carrier routes replies to it by number alone). Removal is a status, so the
 * warm-up history and the messages that name it stay meaningful.
 */
@Entity({ name: 'sender_numbers' })
@Index('sender_numbers_company_idx', ['companyId', 'status'])
export class SenderNumberEntity {
  /** E.164. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  number!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 8, default: 'active' })
  status!: SenderNumberStatus;

  /**
   * Whose number it is (carrier.port.ts SENDER_PROVIDERS): a Twilio number, a Sendblue iMessage
   * line, or a sandbox number. A carrier sends only from its kinds; with `sendblue+twilio` a pool
   * holds both and each message leaves from a number of the provider of its channel.
   */
  @Column({ type: 'varchar', length: 16, default: 'sandbox' })
  provider!: SenderProvider;

  /** When the number (re)joined the pool; the warm-up period counts from here. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  addedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  removedAt!: Date | null;

  /** The number's next free pacing slot (scheduler). */
  @Column({ type: 'timestamptz', nullable: true })
  nextSendAt!: Date | null;
}
