import { ApiProperty } from '@nestjs/swagger';
import {
  CALL_DIRECTIONS,
  CALL_SENTIMENTS,
  CALL_STATUSES,
  HANGUP_REASONS,
  type CallDirection,
  type CallSentiment,
  type CallStatus,
  type HangupReason,
} from '@suite/contracts';
import { apiId } from '../../../shared/api-ids';
import { callDetailsOf } from '../call-data';
import type { CallEntity } from '../call.entity';

const nullableId = (description: string) => ({ type: 'integer', nullable: true, description }) as const;
const nullableDate = { type: String, format: 'date-time', nullable: true } as const;

/** A call: the spec's call fields (as the `call.*` webhooks carry them), then the record's own. */
export class CallResponse {
  @ApiProperty({ type: 'integer', description: 'The record id' }) id!: number;
  @ApiProperty({ maxLength: 64, description: "The provider's call id (the webhooks' call_id)" }) call_id!: string;
  @ApiProperty(nullableId('AI agent id')) agent_id!: number | null;
  @ApiProperty({ maxLength: 16, description: 'E.164; empty when the provider never said' }) caller_number!: string;
  @ApiProperty({ maxLength: 16, description: 'E.164; empty when the provider never said' }) called_number!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Whole seconds connected' }) call_duration!: number;
  @ApiProperty({ enum: CALL_STATUSES }) call_status!: CallStatus;
  @ApiProperty({ enum: CALL_DIRECTIONS }) call_direction!: CallDirection;
  @ApiProperty({ type: String, nullable: true, maxLength: 2048 }) recording_url!: string | null;
  @ApiProperty({ type: String, nullable: true, maxLength: 100_000 }) transcription!: string | null;
  @ApiProperty({ enum: CALL_SENTIMENTS, nullable: true }) sentiment!: CallSentiment | null;
  @ApiProperty({ type: String, nullable: true, maxLength: 100 }) disposition!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ type: 'object', additionalProperties: true }) custom_fields!: Record<string, unknown>;
  @ApiProperty({ type: Boolean, nullable: true }) call_successful!: boolean | null;
  @ApiProperty({ enum: HANGUP_REASONS, nullable: true }) hangup_reason!: HangupReason | null;
  @ApiProperty(nullableId('CRM contact id')) contact_id!: number | null;
  @ApiProperty(nullableId('Dialer campaign id')) campaign_id!: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) started_at!: string;
  @ApiProperty(nullableDate) answered_at!: string | null;
  @ApiProperty(nullableDate) transferred_at!: string | null;
  @ApiProperty(nullableDate) ended_at!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The provider's post-call summary, once its analysis came (docs/voice.md)",
  })
  summary!: string | null;
}

const idOrNull = (id: string | null): number | null => (id === null ? null : apiId(id));

export function mapCall(call: CallEntity): CallResponse {
  return {
    id: apiId(call.id),
    call_id: call.callId,
    agent_id: idOrNull(call.agentId),
    ...callDetailsOf(call),
    contact_id: idOrNull(call.contactId),
    campaign_id: idOrNull(call.campaignId),
    started_at: call.startedAt.toISOString(),
    answered_at: call.answeredAt?.toISOString() ?? null,
    transferred_at: call.transferredAt?.toISOString() ?? null,
    ended_at: call.endedAt?.toISOString() ?? null,
    summary: call.summary,
  };
}
