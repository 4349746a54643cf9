import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../../shared/company-owned.entity';
import type { CampaignStatus } from '@suite/contracts';

/**
 * A dialer campaign: calls every contact of a list (with a phone number) once, from an agent's
 * outbound number or a caller number of the company, at most `callsPerMinute` call starts a
 * minute and `maxConcurrentCalls` at a time, only inside the calling window in each contact's
 * local time. Its contacts are copied into `campaign_contacts` when it first starts; progress is
 * counted there.
 */
@Entity({ name: 'campaigns' })
@Index('campaigns_company_idx', ['companyId', 'id'])
export class CampaignEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'bigint' })
  listId!: string;

  @Column({ type: 'bigint', nullable: true })
  agentId!: string | null;

  /** E.164, one of the company's numbers; null when the agent's outbound number is used. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  callerNumber!: string | null;

  @Column({ type: 'integer', default: 5 })
  callsPerMinute!: number;

  @Column({ type: 'integer', default: 1 })
  maxConcurrentCalls!: number;

  /** Local calling hours `HH:MM`, start inclusive, end exclusive, in each contact's time zone. */
  @Column({ type: 'varchar', length: 5, default: '09:00' })
  windowStart!: string;

  @Column({ type: 'varchar', length: 5, default: '20:00' })
  windowEnd!: string;

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  status!: CampaignStatus;

  @Column({ type: 'integer', default: 0 })
  totalContacts!: number;

  @Column({ type: 'integer', default: 0 })
  doneContacts!: number;

  /**
   * The dialer's live tick job (campaign.dial), null when none is due. Whoever arms a tick (start,
   * a call's end, the tick itself) enqueues a new job and writes its id here under the row lock;
   * a tick whose id is no longer this one does nothing and arms nothing, so however start, stop
   * and call ends interleave, one chain of ticks drives a campaign.
   */
  @Column({ type: 'uuid', nullable: true })
  tickJobId!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  stoppedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
