import { freeFormObject, payloadSchema } from './payload-schema';

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

/**
 * The call as it is after the step: `call.started`, `call.answered`, `call.transferred` and
 * `call.ended`, each exactly once per call and in that order (answered and transferred only when
 * they happened). The spec's call `data` fields, then the record's own. Subject: the call id.
 */
export interface CallData {
  /** The provider's id of the call. */
  call_id: string;
  company_id: string;
  /** The AI agent on the call; null when none took it (a dialer call from a caller number). */
  agent_id: string | null;
  caller_number: string;
  called_number: string;
  /** Whole seconds the call was connected; 0 until it ends or when never answered. */
  call_duration: number;
  call_status: CallStatus;
  call_direction: CallDirection;
  recording_url: string | null;
  transcription: string | null;
  sentiment: CallSentiment | null;
  disposition: string | null;
  tags: string[];
  custom_fields: Record<string, unknown>;
  call_successful: boolean | null;
  hangup_reason: HangupReason | null;
  contact_id: string | null;
  campaign_id: string | null;
  started_at: string;
  answered_at: string | null;
  ended_at: string | null;
}

const numericId = { type: 'string', pattern: '^[0-9]+$' } as const;
const nullableNumericId = { type: ['string', 'null'], pattern: '^[0-9]+$' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
const phone = { type: 'string', maxLength: 16, description: 'E.164' } as const;

export const callSchema = payloadSchema<CallData>({
  properties: {
    call_id: { type: 'string', maxLength: 64, description: "the provider's call id" },
    company_id: numericId,
    agent_id: { ...nullableNumericId, description: 'AI agent id' },
    caller_number: phone,
    called_number: phone,
    call_duration: { type: 'integer', minimum: 0 },
    call_status: { type: 'string', enum: CALL_STATUSES },
    call_direction: { type: 'string', enum: CALL_DIRECTIONS },
    recording_url: { type: ['string', 'null'], maxLength: 2048 },
    transcription: { type: ['string', 'null'], maxLength: 100_000 },
    sentiment: { type: ['string', 'null'], enum: CALL_SENTIMENTS },
    disposition: { type: ['string', 'null'], maxLength: 100 },
    tags: { type: 'array', items: { type: 'string', maxLength: 100 } },
    custom_fields: freeFormObject('provider-supplied call fields'),
    call_successful: { type: ['boolean', 'null'] },
    hangup_reason: { type: ['string', 'null'], enum: HANGUP_REASONS },
    contact_id: { ...nullableNumericId, description: 'CRM contact id' },
    campaign_id: { ...nullableNumericId, description: 'dialer campaign id' },
    started_at: { type: 'string', format: 'date-time' },
    answered_at: nullableDateTime,
    ended_at: nullableDateTime,
  },
  required: [
    'call_id',
    'company_id',
    'agent_id',
    'caller_number',
    'called_number',
    'call_duration',
    'call_status',
    'call_direction',
    'recording_url',
    'transcription',
    'sentiment',
    'disposition',
    'tags',
    'custom_fields',
    'call_successful',
    'hangup_reason',
    'contact_id',
    'campaign_id',
    'started_at',
    'answered_at',
    'ended_at',
  ],
});
