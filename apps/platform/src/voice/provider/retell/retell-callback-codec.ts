import { CALL_SENTIMENTS, type CallSentiment, type HangupReason } from '@suite/contracts';
import { VoiceCallbackRejectedError } from '../voice-errors';
import type { CallAnalysis, CallContext, CallOutcome, VoiceCallback } from '../voice-provider.port';
import { contextOfMetadata } from './retell-call-metadata';

/** The fields of Retell's call object (V2PhoneCallResponse of retell_openapi.yaml) the platform reads. */
interface RetellCall {
  call_id: string;
  call_status?: string;
  direction?: string;
  from_number?: string;
  to_number?: string;
  start_timestamp?: number;
  end_timestamp?: number;
  duration_ms?: number;
  transcript?: string;
  recording_url?: string;
  disconnection_reason?: string;
  transfer_destination?: string | null;
  metadata?: unknown;
  call_analysis?: {
    call_summary?: string;
    user_sentiment?: string;
    call_successful?: boolean;
    custom_analysis_data?: unknown;
  };
}

const CALL_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;
const MAX_TRANSCRIPTION = 100_000;
const MAX_DISPOSITION = 100;

/**
 * Retell's `disconnection_reason`s as the platform's six hang-up reasons. Nothing is lost: the
 * original is kept in the call's custom fields (`retell_disconnection_reason`).
 */
const HANGUP_OF: Record<string, HangupReason> = {
  user_hangup: 'user_hangup',
  agent_hangup: 'agent_hangup',
  inactivity: 'agent_hangup',
  max_duration_reached: 'agent_hangup',
  call_transfer: 'call_transfer',
  transfer_bridged: 'call_transfer',
  transfer_cancelled: 'agent_hangup',
  voicemail_reached: 'voicemail_reached',
  ivr_reached: 'voicemail_reached',
  dial_no_answer: 'dial_no_answer',
  dial_busy: 'dial_no_answer',
  user_declined: 'dial_no_answer',
};

/** Reasons of a call that never connected: Retell sends no `call_started` for those (its webhook docs). */
const NEVER_CONNECTED = new Set([
  'dial_no_answer',
  'dial_busy',
  'dial_failed',
  'user_declined',
  'invalid_destination',
  'telephony_provider_permission_denied',
  'telephony_provider_unavailable',
  'sip_routing_error',
  'marked_as_spam',
  'concurrency_limit_reached',
  'no_valid_payment',
  'registered_call_timeout',
  'error_user_not_joined',
]);

/**
 * Reads one Retell webhook body (`{event, call}`, docs.retellai.com "Webhook Overview") into the
 * platform's normalised steps:
 * - `call_started` — sent only once the call connected — is `started` and `answered`, both at the
 *   call's `start_timestamp`;
 * - `call_ended` is `transferred` (when Retell transferred it) and `ended`, with the facts an
 *   `ended` arriving first needs, and `analysisFollows` when the call connected (Retell then sends
 *   `call_analyzed`; call_ended carries no analysis);
 * - `call_analyzed` repeats the whole call: its `ended` (a duplicate unless call_ended was lost)
 *   then `analyzed` — sentiment, success, summary, and the agent's `disposition` analysis field;
 * - any other event (transcript updates, transfer progress) changes nothing: [].
 * A body that is not such an object is `malformed_body` (400).
 */
export function readRetellCallbacks(rawBody: Buffer, now: Date): VoiceCallback[] {
  const body = parse(rawBody);
  const call = body.call;
  const context = contextOfMetadata(call.metadata);
  switch (body.event) {
    case 'call_started': {
      const at = timeOf(call.start_timestamp, now);
      return [
        {
          kind: 'started',
          callId: call.call_id,
          at,
          context,
          direction: directionOf(call),
          from: numberOf(call.from_number),
          to: numberOf(call.to_number),
        },
        { kind: 'answered', callId: call.call_id, at, context },
      ];
    }
    case 'call_ended':
      return endOf(call, context, now);
    case 'call_analyzed':
      return [...endOf(call, context, now), { kind: 'analyzed', callId: call.call_id, at: now, context, ...analysisOf(call) }];
    default:
      return [];
  }
}

function endOf(call: RetellCall, context: CallContext, now: Date): VoiceCallback[] {
  const at = timeOf(call.end_timestamp, now);
  const reason = call.disconnection_reason ?? null;
  const connected = call.call_status !== 'not_connected' && (reason === null || !NEVER_CONNECTED.has(reason));
  const startedAt = call.start_timestamp === undefined ? undefined : timeOf(call.start_timestamp, now);
  const steps: VoiceCallback[] = [];
  const hangupReason: HangupReason | null = reason === null ? null : (HANGUP_OF[reason] ?? 'error');
  if (hangupReason === 'call_transfer') {
    const destination = call.transfer_destination ?? null;
    steps.push({
      kind: 'transferred',
      callId: call.call_id,
      at,
      context,
      transferredTo: destination && E164.test(destination) ? destination : null,
    });
  }
  const outcome: CallOutcome = {
    durationSeconds: connected ? Math.min(86_400, Math.max(0, Math.round((call.duration_ms ?? 0) / 1000))) : 0,
    hangupReason,
    callSuccessful: null,
    sentiment: null,
    disposition: null,
    transcription: call.transcript ? call.transcript.slice(0, MAX_TRANSCRIPTION) : null,
    recordingUrl:
      call.recording_url && /^https:\/\//.test(call.recording_url) && call.recording_url.length <= 2048
        ? call.recording_url
        : null,
    tags: [],
    customFields: reason === null ? {} : { retell_disconnection_reason: reason },
  };
  steps.push({
    kind: 'ended',
    callId: call.call_id,
    at,
    context,
    ...outcome,
    analysisFollows: connected,
    direction: directionOf(call),
    from: numberOf(call.from_number),
    to: numberOf(call.to_number),
    ...(startedAt ? { startedAt } : {}),
    ...(connected && startedAt ? { answeredAt: startedAt } : {}),
  });
  return steps;
}

function analysisOf(call: RetellCall): CallAnalysis {
  const analysis = call.call_analysis ?? {};
  const custom = isObject(analysis.custom_analysis_data) ? { ...analysis.custom_analysis_data } : {};
  const disposition =
    typeof custom.disposition === 'string' ? custom.disposition.trim().toLowerCase().slice(0, MAX_DISPOSITION) : '';
  delete custom.disposition;
  return {
    callSuccessful: typeof analysis.call_successful === 'boolean' ? analysis.call_successful : null,
    sentiment: CALL_SENTIMENTS.includes(analysis.user_sentiment as CallSentiment)
      ? (analysis.user_sentiment as CallSentiment)
      : null,
    summary:
      typeof analysis.call_summary === 'string' && analysis.call_summary !== ''
        ? analysis.call_summary.slice(0, MAX_TRANSCRIPTION)
        : null,
    disposition: disposition === '' ? null : disposition,
    customFields: custom,
  };
}

function parse(rawBody: Buffer): { event: string; call: RetellCall } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw malformed('the body is not JSON');
  }
  if (!isObject(body) || typeof body.event !== 'string') throw malformed('event is missing');
  const call = body.call;
  if (!isObject(call) || typeof call.call_id !== 'string' || !CALL_ID.test(call.call_id))
    throw malformed('call.call_id is missing or malformed');
  for (const field of ['start_timestamp', 'end_timestamp', 'duration_ms'] as const) {
    const value = call[field];
    if (value !== undefined && value !== null && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) {
      throw malformed(`call.${field} must be a non-negative integer`);
    }
  }
  return { event: body.event, call: call as unknown as RetellCall };
}

const malformed = (what: string) => new VoiceCallbackRejectedError('malformed_body', `Retell webhook: ${what}.`);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Retell's milliseconds, or now when it did not say (a web call, a call that never started). */
const timeOf = (milliseconds: number | undefined | null, now: Date): Date =>
  typeof milliseconds === 'number' ? new Date(milliseconds) : now;

const directionOf = (call: RetellCall): 'inbound' | 'outbound' | 'web' =>
  call.direction === 'inbound' ? 'inbound' : call.direction === 'outbound' ? 'outbound' : 'web';

/** E.164 numbers as they are; a SIP URI or anything else is '' (the record's "never said"). */
const numberOf = (value: string | undefined): string => (value && E164.test(value) ? value : '');
