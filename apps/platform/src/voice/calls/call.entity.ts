import { Column, Entity, Index } from 'typeorm';
import { CompanyStampedEntity } from '../../shared/company-owned.entity';
import type { CallDirection, CallSentiment, CallStatus, HangupReason } from '@suite/contracts';

/**
 * A voice call as the provider reported it through its signed callbacks. The lifecycle columns
 * (`startedAt`, `answeredAt`, `transferredAt`, `endedAt`) are set once each, under the row lock,
 * and each setting publishes its event: a repeated callback changes nothing and publishes nothing.
 */
@Entity({ name: 'calls' })
@Index('calls_provider_call_uq', ['provider', 'callId'], { unique: true })
@Index('calls_company_started_idx', ['companyId', 'startedAt', 'id'])
@Index('calls_company_agent_ended_idx', ['companyId', 'agentId', 'endedAt'])
@Index('calls_campaign_idx', ['campaignId'])
// The dashboard's outbound calls, (company_id, started_at) INCLUDE (answered_at, duration_seconds)
// WHERE direction = 'outbound': defined by migration 1795553685457 (TypeORM cannot say INCLUDE).
@Index('calls_company_outbound_started_idx', { synchronize: false })
export class CallEntity extends CompanyStampedEntity {
  @Column({ type: 'varchar', length: 32 })
  provider!: string;

  /** The provider's call id: the API's and the webhooks' `call_id`. */
  @Column({ type: 'varchar', length: 64 })
  callId!: string;

  @Column({ type: 'varchar', length: 8 })
  direction!: CallDirection;

  @Column({ type: 'varchar', length: 16 })
  callerNumber!: string;

  @Column({ type: 'varchar', length: 16 })
  calledNumber!: string;

  @Column({ type: 'bigint', nullable: true })
  agentId!: string | null;

  @Column({ type: 'bigint', nullable: true })
  contactId!: string | null;

  @Column({ type: 'bigint', nullable: true })
  campaignId!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'ringing' })
  status!: CallStatus;

  @Column({ type: 'integer', default: 0 })
  durationSeconds!: number;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  recordingUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  transcription!: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  sentiment!: CallSentiment | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  disposition!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ type: 'jsonb', default: () => "'{}'" })
  customFields!: Record<string, unknown>;

  @Column({ type: 'boolean', nullable: true })
  callSuccessful!: boolean | null;

  @Column({ type: 'varchar', length: 24, nullable: true })
  hangupReason!: HangupReason | null;

  @Column({ type: 'timestamptz' })
  startedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  answeredAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  transferredAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  /**
   * While set, the end is recorded but its `call.ended` waits for the provider's post-call
   * analysis, at most until this time (PLATFORM_CALL_ANALYSIS_WAIT_SECONDS); cleared when it is
   * published. Null for every other call.
   */
  @Column({ type: 'timestamptz', nullable: true })
  endHeldUntil!: Date | null;

  /** The provider's post-call summary (Retell's `call_summary`), when an analysis came. */
  @Column({ type: 'text', nullable: true })
  summary!: string | null;

  /** When the post-call analysis was merged; null until (or without) one. */
  @Column({ type: 'timestamptz', nullable: true })
  analyzedAt!: Date | null;
}
