import { ApiProperty } from '@nestjs/swagger';
import { PageQuery, type PageLimits } from '@suite/http';
import { CompanyQuery } from '@suite/authz';
import { apiId } from '../../../shared/api-ids';
import {
  CALL_ATTEMPT_OUTCOMES,
  CALL_ATTEMPT_RESOLUTIONS,
  type CallAttemptEntity,
  type CallAttemptOutcome,
  type CallAttemptResolution,
} from '../dialer/call-attempt.entity';

export const CALL_ATTEMPTS_PAGE: PageLimits = { defaultPerPage: 15, maxPerPage: 100 };

/** GET /api/campaigns/{id}/call-attempts: newest first. */
export class ListCallAttemptsQuery extends PageQuery(CALL_ATTEMPTS_PAGE, CompanyQuery) {}

/** One request of the dialer to the voice provider (docs/voice.md, "Call attempts"). */
export class CallAttemptResponse {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ type: 'integer', description: 'The CRM contact called' }) contact_id!: number;
  @ApiProperty({ maxLength: 128, description: "The key the provider's call carries in its metadata" }) attempt_key!: string;
  @ApiProperty({
    enum: CALL_ATTEMPT_OUTCOMES,
    description:
      'in_flight: sent and never settled (the process died meanwhile); unknown: sent, answer lost; placed, refused, not_placed: what the provider answered',
  })
  outcome!: CallAttemptOutcome;
  @ApiProperty({
    enum: CALL_ATTEMPT_RESOLUTIONS,
    nullable: true,
    description: 'For in_flight and unknown: whether the lookup by the attempt key found a call; null until looked up',
  })
  resolution!: CallAttemptResolution | null;
  @ApiProperty({ type: String, nullable: true, maxLength: 64, description: "The provider's call id, placed or found" }) call_id!:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 500,
    description: "The provider's words when it did not place the call",
  })
  detail!: string | null;
  @ApiProperty({ type: String, format: 'date-time', description: 'When the request left' }) started_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) settled_at!: string | null;
}

export const mapCallAttempt = (attempt: CallAttemptEntity): CallAttemptResponse => ({
  id: apiId(attempt.id),
  contact_id: apiId(attempt.contactId),
  attempt_key: attempt.attemptKey,
  outcome: attempt.outcome,
  resolution: attempt.resolution,
  call_id: attempt.callId,
  detail: attempt.detail,
  started_at: attempt.startedAt.toISOString(),
  settled_at: attempt.settledAt?.toISOString() ?? null,
});
