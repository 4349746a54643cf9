import { defineEvent } from './define-event';
import { freeFormObject, nullable, payload, stringEnum, Type, type Static } from './payload-schema';
import { instant, nullableNumericId, numericId } from './payload-fields';
import { Topics } from './topics';

/** Payloads on `platform.call.v1`: voice calls of AI agents and dialer campaigns, as the provider reported them. */
export const CALL_DIRECTIONS = ['inbound', 'outbound', 'web'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

export const CALL_SENTIMENTS = ['Positive', 'Neutral', 'Negative', 'Unknown'] as const;
export type CallSentiment = (typeof CALL_SENTIMENTS)[number];

export const HANGUP_REASONS = [
  'user_hangup',
  'agent_hangup',
  'call_transfer',
  'voicemail_reached',
  'dial_no_answer',
  'error',
] as const;
export type HangupReason = (typeof HANGUP_REASONS)[number];

/** Where a call is in its life: `ringing` after started, `in_progress` after answered, then one of the ends. */
export const CALL_STATUSES = ['ringing', 'in_progress', 'transferred', 'completed', 'no_answer', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

const nullableDateTime = nullable(instant);
const phone = Type.String({ maxLength: 16, description: 'E.164' });

/**
 * The call as it is after the step: `call.started`, `call.answered`, `call.transferred` and
 * `call.ended`, each exactly once per call and in that order (answered and transferred only when
 * they happened). The spec's call `data` fields, then the record's own. Subject: the call id.
 */
export const callSchema = payload({
  /** The provider's id of the call. */
  call_id: Type.String({ maxLength: 64, description: "the provider's call id" }),
  company_id: numericId,
  /** The AI agent on the call; null when none took it (a dialer call from a caller number). */
  agent_id: nullableNumericId('AI agent id'),
  caller_number: phone,
  called_number: phone,
  /** Whole seconds the call was connected; 0 until it ends or when never answered. */
  call_duration: Type.Integer({ minimum: 0 }),
  call_status: stringEnum(CALL_STATUSES),
  call_direction: stringEnum(CALL_DIRECTIONS),
  recording_url: nullable(Type.String({ maxLength: 2048 })),
  transcription: nullable(Type.String({ maxLength: 100_000 })),
  sentiment: nullable(stringEnum(CALL_SENTIMENTS)),
  disposition: nullable(Type.String({ maxLength: 100 })),
  tags: Type.Array(Type.String({ maxLength: 100 })),
  custom_fields: freeFormObject('provider-supplied call fields'),
  call_successful: nullable(Type.Boolean()),
  hangup_reason: nullable(stringEnum(HANGUP_REASONS)),
  contact_id: nullableNumericId('CRM contact id'),
  campaign_id: nullableNumericId('dialer campaign id'),
  started_at: instant,
  answered_at: nullableDateTime,
  ended_at: nullableDateTime,
});
export type CallData = Static<typeof callSchema>;

export const PLATFORM_CALL_EVENTS = [
  defineEvent('call.started', Topics.platformCall, callSchema, 'A call began (ringing); once per call, first.'),
  defineEvent('call.answered', Topics.platformCall, callSchema, 'A call was answered; once per call, after call.started.'),
  defineEvent(
    'call.transferred',
    Topics.platformCall,
    callSchema,
    'An answered call was transferred; once per call, after call.answered.',
  ),
  defineEvent(
    'call.ended',
    Topics.platformCall,
    callSchema,
    'A call ended with its outcome (duration, disposition, sentiment, success); once per call, last.',
  ),
] as const;
