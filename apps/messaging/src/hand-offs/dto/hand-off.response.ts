import { ApiProperty } from '@nestjs/swagger';
import { MessageResponse } from '../../messages/dto/message.response';
import {
  HAND_OFF_KINDS,
  HAND_OFF_OUTCOMES,
  type HandOffKind,
  type HandOffOutcome,
  type MessageHandOffEntity,
} from '../message-hand-off.entity';

/** One request that handed (or tried to hand) the message to a provider (docs/carriers.md, "Hand-offs"). */
export class HandOffResponse {
  @ApiProperty({
    enum: HAND_OFF_KINDS,
    description: 'send: the scheduler; sms_fallback: the one SMS resend of an undelivered iMessage',
  })
  kind!: HandOffKind;
  @ApiProperty({ description: 'the provider asked: sandbox, twilio, sendblue' }) provider!: string;
  @ApiProperty({ enum: ['imessage', 'sms', 'mms'] }) channel!: string;
  @ApiProperty() from_number!: string;
  @ApiProperty({ format: 'date-time', description: 'recorded before the request left' }) started_at!: string;
  @ApiProperty({
    enum: HAND_OFF_OUTCOMES,
    description:
      'in_flight: never settled (the process stopped during the request); unknown: the answer was lost; found / not_found: ' +
      'what the provider said when the ambiguous hand-off was looked up before any second attempt',
  })
  outcome!: HandOffOutcome;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) settled_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) carrier_message_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the refusal, the error or what the lookup said' }) detail!:
    string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'the iMessage did not go as iMessage then' })
  downgraded_at!: string | null;
}

/** GET /v1/messages/{id}: the Message and, for an outbound one, its hand-offs in order. */
export class MessageWithHandOffsResponse extends MessageResponse {
  @ApiProperty({ type: [HandOffResponse], description: 'every request made to a provider for this message, oldest first' })
  hand_offs!: HandOffResponse[];
}

export const mapHandOff = (row: MessageHandOffEntity): HandOffResponse => ({
  kind: row.kind,
  provider: row.provider,
  channel: row.channel,
  from_number: row.fromNumber,
  started_at: row.startedAt.toISOString(),
  outcome: row.outcome,
  settled_at: row.settledAt?.toISOString() ?? null,
  carrier_message_id: row.carrierMessageId,
  detail: row.detail,
  downgraded_at: row.downgradedAt?.toISOString() ?? null,
});
