import {
  CALL_DIRECTIONS,
  CALL_SENTIMENTS,
  HANGUP_REASONS,
  type CallDirection,
  type CallSentiment,
  type HangupReason,
} from '@suite/contracts';
import { describeInputProblem, inspectUntrusted } from '@suite/http';
import { VoiceCallbackRejectedError } from './voice-errors';
import type { CallContext, VoiceCallback } from './voice-provider.port';

/**
 * The platform's own voice-callback body (docs/voice.md), JSON in the API's snake_case, spoken by
 * the sandbox and by any provider that can be configured to post it:
 *   {"kind":"started","call_id":"…","at":"<ISO>","context":{…},"direction":"outbound","from":"+1…","to":"+1…"}
 *   {"kind":"answered","call_id":"…","at":"<ISO>","context":{…}}
 *   {"kind":"transferred","call_id":"…","at":"<ISO>","context":{…},"transferred_to"?:"+1…"|null}
 *   {"kind":"ended","call_id":"…","at":"<ISO>","context":{…},"duration_seconds":95,"hangup_reason":…,
 *    "call_successful":…,"sentiment":…,"disposition":…,"transcription":…,"recording_url":…,"tags":[…],
 *    "custom_fields":{…}, and optionally "direction","from","to","started_at","answered_at"}
 * with context {"company_id":"12","contact_id":"7"|null,"campaign_id":null,"agent_id":null};
 * or a JSON array of 1 to MAX_VOICE_CALLBACKS_PER_BODY of them under one signature. Validation is
 * strict — every field typed and bounded as the call record stores it, unknown fields refused —
 * so what passes can always be stored and published.
 */
export const MAX_VOICE_CALLBACKS_PER_BODY = 1000;
export const MAX_CALL_DURATION_SECONDS = 86_400;
export const MAX_DISPOSITION_LENGTH = 100;
export const MAX_TRANSCRIPTION_LENGTH = 100_000;
export const MAX_RECORDING_URL_LENGTH = 2048;
export const MAX_CALL_TAGS = 50;
export const MAX_TAG_LENGTH = 100;
export const MAX_CUSTOM_FIELDS_JSON_LENGTH = 16_384;

const CALL_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const E164 = /^\+[1-9][0-9]{1,14}$/;
const DB_ID = /^[1-9][0-9]{0,17}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const STEP_FIELDS = ['kind', 'call_id', 'at', 'context'];
/** The platform's own format has the four lifecycle steps; a post-call analysis is a provider's (Retell's) own. */
const FIELDS_OF: Record<Exclude<VoiceCallback['kind'], 'analyzed'>, readonly string[]> = {
  started: [...STEP_FIELDS, 'direction', 'from', 'to'],
  answered: STEP_FIELDS,
  transferred: [...STEP_FIELDS, 'transferred_to'],
  ended: [
    ...STEP_FIELDS,
    'duration_seconds',
    'hangup_reason',
    'call_successful',
    'sentiment',
    'disposition',
    'transcription',
    'recording_url',
    'tags',
    'custom_fields',
    'direction',
    'from',
    'to',
    'started_at',
    'answered_at',
  ],
};

/** One body: the plain object for one callback, an array for several. */
export function encodeVoiceCallbacks(callbacks: readonly VoiceCallback[]): string {
  if (callbacks.length === 0 || callbacks.length > MAX_VOICE_CALLBACKS_PER_BODY)
    throw new RangeError(`a callback body holds 1 to ${MAX_VOICE_CALLBACKS_PER_BODY} callbacks, not ${callbacks.length}`);
  const objects = callbacks.map(toJson);
  return JSON.stringify(objects.length === 1 ? objects[0] : objects);
}

/** Reads a body written by encodeVoiceCallbacks; throws VoiceCallbackRejectedError('malformed_body'). */
export function decodeVoiceCallbacks(rawBody: Buffer | string): VoiceCallback[] {
  const value = parse(rawBody);
  if (!Array.isArray(value)) return [decodeOne(value, 'body')];
  if (value.length === 0 || value.length > MAX_VOICE_CALLBACKS_PER_BODY)
    throw malformed(`array must hold 1 to ${MAX_VOICE_CALLBACKS_PER_BODY} callbacks`);
  return value.map((item, i) => decodeOne(item, `item ${i}`));
}

function toJson(callback: VoiceCallback): Record<string, unknown> {
  const step = {
    kind: callback.kind,
    call_id: callback.callId,
    at: callback.at.toISOString(),
    context: {
      company_id: callback.context.companyId,
      contact_id: callback.context.contactId,
      campaign_id: callback.context.campaignId,
      agent_id: callback.context.agentId,
    },
  };
  switch (callback.kind) {
    case 'started':
      return { ...step, direction: callback.direction, from: callback.from, to: callback.to };
    case 'answered':
      return step;
    case 'transferred':
      return { ...step, transferred_to: callback.transferredTo };
    case 'ended':
      return {
        ...step,
        duration_seconds: callback.durationSeconds,
        hangup_reason: callback.hangupReason,
        call_successful: callback.callSuccessful,
        sentiment: callback.sentiment,
        disposition: callback.disposition,
        transcription: callback.transcription,
        recording_url: callback.recordingUrl,
        tags: callback.tags,
        custom_fields: callback.customFields,
        ...(callback.direction === undefined ? {} : { direction: callback.direction }),
        ...(callback.from === undefined ? {} : { from: callback.from }),
        ...(callback.to === undefined ? {} : { to: callback.to }),
        ...(callback.startedAt === undefined ? {} : { started_at: callback.startedAt.toISOString() }),
        ...(callback.answeredAt === undefined ? {} : { answered_at: callback.answeredAt.toISOString() }),
      };
    case 'analyzed':
      throw new RangeError("the platform's voice-callback format has no analysis step");
  }
}

/** JSON that passes the check every API body passes (untrusted-input.ts): raw bodies skip the app's parser. */
function parse(rawBody: Buffer | string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString());
  } catch {
    throw malformed('body is not JSON');
  }
  const problem = inspectUntrusted(value);
  if (problem) throw malformed(`body is refused: ${describeInputProblem(problem)}`);
  return value;
}

function decodeOne(value: unknown, where: string): VoiceCallback {
  const fields = object(value, where);
  const kind = fields.kind;
  if (kind !== 'started' && kind !== 'answered' && kind !== 'transferred' && kind !== 'ended')
    throw malformed(`${where}.kind must be one of: started, answered, transferred, ended`);
  const unknown = Object.keys(fields).find((key) => !FIELDS_OF[kind].includes(key));
  if (unknown !== undefined) throw malformed(`${where} has an unknown field for kind ${kind}: ${unknown.slice(0, 64)}`);
  const step = {
    callId: matching(fields, 'call_id', CALL_ID, where, 'up to 64 letters, digits or _.:-'),
    at: instant(fields, 'at', where),
    context: context(fields.context, `${where}.context`),
  };
  switch (kind) {
    case 'started':
      return {
        kind,
        ...step,
        direction: oneOf(fields, 'direction', CALL_DIRECTIONS, where),
        from: matching(fields, 'from', E164, where, 'E.164'),
        to: matching(fields, 'to', E164, where, 'E.164'),
      };
    case 'answered':
      return { kind, ...step };
    case 'transferred':
      return {
        kind,
        ...step,
        transferredTo: fields.transferred_to == null ? null : matching(fields, 'transferred_to', E164, where, 'E.164'),
      };
    case 'ended':
      return { kind, ...step, ...outcome(fields, where), ...endedFacts(fields, where) };
  }
}

function outcome(fields: Record<string, unknown>, where: string) {
  const duration = fields.duration_seconds;
  if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < 0 || duration > MAX_CALL_DURATION_SECONDS)
    throw malformed(`${where}.duration_seconds must be an integer from 0 to ${MAX_CALL_DURATION_SECONDS}`);
  const callSuccessful = fields.call_successful ?? null;
  if (callSuccessful !== null && typeof callSuccessful !== 'boolean')
    throw malformed(`${where}.call_successful must be a boolean or null`);
  const recordingUrl = nullableText(fields, 'recording_url', MAX_RECORDING_URL_LENGTH, where);
  if (recordingUrl !== null && !isHttpsUrl(recordingUrl)) throw malformed(`${where}.recording_url must be an https URL`);
  const tags = fields.tags ?? [];
  if (
    !Array.isArray(tags) ||
    tags.length > MAX_CALL_TAGS ||
    tags.some((tag) => typeof tag !== 'string' || tag.length === 0 || tag.length > MAX_TAG_LENGTH)
  )
    throw malformed(`${where}.tags must be up to ${MAX_CALL_TAGS} strings of 1 to ${MAX_TAG_LENGTH} characters`);
  const customFields = fields.custom_fields ?? {};
  if (typeof customFields !== 'object' || customFields === null || Array.isArray(customFields))
    throw malformed(`${where}.custom_fields must be an object`);
  if (JSON.stringify(customFields).length > MAX_CUSTOM_FIELDS_JSON_LENGTH)
    throw malformed(`${where}.custom_fields must be at most ${MAX_CUSTOM_FIELDS_JSON_LENGTH} characters of JSON`);
  return {
    durationSeconds: duration,
    hangupReason: fields.hangup_reason == null ? null : (oneOf(fields, 'hangup_reason', HANGUP_REASONS, where) as HangupReason),
    callSuccessful: callSuccessful as boolean | null,
    sentiment: fields.sentiment == null ? null : (oneOf(fields, 'sentiment', CALL_SENTIMENTS, where) as CallSentiment),
    disposition: nullableText(fields, 'disposition', MAX_DISPOSITION_LENGTH, where),
    transcription: nullableText(fields, 'transcription', MAX_TRANSCRIPTION_LENGTH, where),
    recordingUrl,
    tags: tags as string[],
    customFields: customFields as Record<string, unknown>,
  };
}

function endedFacts(fields: Record<string, unknown>, where: string) {
  return {
    ...(fields.direction === undefined ? {} : { direction: oneOf(fields, 'direction', CALL_DIRECTIONS, where) as CallDirection }),
    ...(fields.from === undefined ? {} : { from: matching(fields, 'from', E164, where, 'E.164') }),
    ...(fields.to === undefined ? {} : { to: matching(fields, 'to', E164, where, 'E.164') }),
    ...(fields.started_at === undefined ? {} : { startedAt: instant(fields, 'started_at', where) }),
    ...(fields.answered_at === undefined ? {} : { answeredAt: instant(fields, 'answered_at', where) }),
  };
}

function context(value: unknown, where: string): CallContext {
  const fields = object(value, where);
  const unknown = Object.keys(fields).find((key) => !['company_id', 'contact_id', 'campaign_id', 'agent_id'].includes(key));
  if (unknown !== undefined) throw malformed(`${where} has an unknown field: ${unknown.slice(0, 64)}`);
  const companyId = id(fields.company_id);
  if (companyId === null) throw malformed(`${where}.company_id must be a positive integer id`);
  const optional = (name: string): string | null => {
    if (fields[name] == null) return null;
    const value = id(fields[name]);
    if (value === null) throw malformed(`${where}.${name} must be a positive integer id or null`);
    return value;
  };
  return { companyId, contactId: optional('contact_id'), campaignId: optional('campaign_id'), agentId: optional('agent_id') };
}

/** An id as a decimal string (or a safe integer): its canonical string, else null. */
function id(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  return typeof value === 'string' && DB_ID.test(value) ? value : null;
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed(`${where} must be a JSON object`);
  return value as Record<string, unknown>;
}

function matching(fields: Record<string, unknown>, name: string, pattern: RegExp, where: string, what: string): string {
  const value = fields[name];
  if (typeof value !== 'string' || !pattern.test(value)) throw malformed(`${where}.${name} must be ${what}`);
  return value;
}

function oneOf<T extends string>(fields: Record<string, unknown>, name: string, values: readonly T[], where: string): T {
  const value = fields[name];
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value))
    throw malformed(`${where}.${name} must be one of: ${values.join(', ')}`);
  return value as T;
}

function nullableText(fields: Record<string, unknown>, name: string, max: number, where: string): string | null {
  const value = fields[name];
  if (value == null) return null;
  if (typeof value !== 'string' || value.length > max)
    throw malformed(`${where}.${name} must be a string of at most ${max} characters or null`);
  return value;
}

function instant(fields: Record<string, unknown>, name: string, where: string): Date {
  const value = fields[name];
  const at = typeof value === 'string' && ISO.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw malformed(`${where}.${name} must be an ISO 8601 date-time`);
  return at;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

function malformed(detail: string): VoiceCallbackRejectedError {
  return new VoiceCallbackRejectedError('malformed_body', `callback ${detail}`);
}
