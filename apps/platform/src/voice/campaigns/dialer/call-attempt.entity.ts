import { Column, Entity, Index } from 'typeorm';
import { CompanyKeyedEntity } from '../../../shared/company-owned.entity';

/**
 * What one request to place a call came to:
 * - `in_flight`: recorded before the request left and not settled since — the process died
 *   while it was out, so whether a call was placed is not known;
 * - `placed` (with the provider's call id), `refused` (the provider will never place it),
 *   `not_placed` (the provider said no for now: throttled, an outage — nothing was placed);
 * - `unknown`: the request left but its answer was lost (a timeout, a 5xx).
 */
export const CALL_ATTEMPT_OUTCOMES = ['in_flight', 'placed', 'refused', 'not_placed', 'unknown'] as const;
export type CallAttemptOutcome = (typeof CALL_ATTEMPT_OUTCOMES)[number];

/** How an `in_flight` or `unknown` attempt was settled: the provider's lookup by the attempt's key found its call, or none. */
export const CALL_ATTEMPT_RESOLUTIONS = ['found', 'not_found'] as const;
export type CallAttemptResolution = (typeof CALL_ATTEMPT_RESOLUTIONS)[number];

/**
 * One request of the dialer to the voice provider, written in its own transaction BEFORE the request
 * leaves and settled after (issue 33 §4; docs/voice.md "Call attempts"): a crash or a lost answer in
 * between leaves a visible ambiguous attempt, and the contact is not called again until the provider
 * has been asked whether that attempt placed a call (VoiceProvider.findCall, by the key the call's
 * metadata carries). Listed by GET /api/campaigns/{id}/call-attempts.
 */
@Entity({ name: 'call_attempts' })
@Index('call_attempts_campaign_idx', ['companyId', 'campaignId', 'id'])
@Index('call_attempts_contact_idx', ['campaignId', 'contactId', 'id'])
export class CallAttemptEntity extends CompanyKeyedEntity {
  @Column({ type: 'bigint' })
  campaignId!: string;

  @Column({ type: 'bigint' })
  contactId!: string;

  /** The provider's idempotency key / the call's metadata key: `campaign:<id>:contact:<id>`. */
  @Column({ type: 'varchar', length: 128 })
  attemptKey!: string;

  @Column({ type: 'varchar', length: 16 })
  outcome!: CallAttemptOutcome;

  @Column({ type: 'varchar', length: 16, nullable: true })
  resolution!: CallAttemptResolution | null;

  /** The provider's call id: placed, or found by the lookup. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  callId!: string | null;

  /** The provider's words when it refused or failed. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  detail!: string | null;

  @Column({ type: 'timestamptz' })
  startedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  settledAt!: Date | null;
}
