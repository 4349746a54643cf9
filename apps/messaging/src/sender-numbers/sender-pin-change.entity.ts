import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * `inbound_message`: a contact with no pin wrote to one of the workspace's numbers first;
 * `channel_changed`: the conversation's channel goes through another provider (an iPhone that
 * became SMS-only with sendblue+twilio), so it moved to its number of that provider.
 */
export const PIN_CHANGE_REASONS = ['first_message', 'number_removed', 'inbound_message', 'channel_changed'] as const;
export type PinChangeReason = (typeof PIN_CHANGE_REASONS)[number];

/** Every time a conversation gets its sender number (first message) or a new one (the old left the pool). */
@Entity({ name: 'sender_pin_changes' })
@Index('sender_pin_changes_conversation_idx', ['companyId', 'contactPhone', 'createdAt'])
export class SenderPinChangeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 16 })
  contactPhone!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  previousNumber!: string | null;

  @Column({ type: 'varchar', length: 16 })
  number!: string;

  @Column({ type: 'varchar', length: 16 })
  reason!: PinChangeReason;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
