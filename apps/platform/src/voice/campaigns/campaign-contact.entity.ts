import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const CAMPAIGN_CONTACT_STATES = ['pending', 'calling', 'done', 'skipped'] as const;
export type CampaignContactState = (typeof CAMPAIGN_CONTACT_STATES)[number];

/**
 * One contact of a campaign and where its call is. The primary key (campaign, contact) is the
 * promise of one call per contact per campaign: the dialer moves a row from `pending` to
 * `calling` before it asks the provider, with the row's id as the provider's idempotency key, and
 * a call's end (or a refusal) moves it to `done`; `skipped` is a contact that cannot be called
 * (no valid phone, deleted).
 */
@Entity({ name: 'campaign_contacts' })
@Index('campaign_contacts_due_idx', ['campaignId', 'state', 'notBefore'])
// The pacing count: calls a campaign started within the last minute.
@Index('campaign_contacts_called_idx', ['campaignId', 'calledAt'])
export class CampaignContactEntity {
  @PrimaryColumn({ type: 'bigint' })
  campaignId!: string;

  @PrimaryColumn({ type: 'bigint' })
  contactId!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  /** E.164, copied when the campaign started. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 8, default: 'pending' })
  state!: CampaignContactState;

  /** Not called before this instant (the next opening of the contact's calling window). */
  @Column({ type: 'timestamptz', nullable: true })
  notBefore!: Date | null;

  /** The provider's call id once placed. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  callId!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  calledAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  doneAt!: Date | null;

  /** Why it is done: the call's status, or why it was skipped. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  outcome!: string | null;
}
