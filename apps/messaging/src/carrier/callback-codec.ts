import { parseUntrustedJson } from '@suite/http';
import { CallbackRejectedError } from './carrier-errors';
import type { CarrierCallback, CarrierChannel } from './carrier.port';

/**
 * The service's own callback body (JSON, snake_case like the rest of the API), used by the
 * sandbox and by any provider that can be configured to post it:
 *   {"kind":"status","carrier_message_id":"…","status":"delivered"|"failed","reason"?:"…","at":"<ISO 8601>"}
 *   {"kind":"inbound","carrier_message_id":"…","from":"+1…","to":"+1…","body":"…","at":"<ISO 8601>","channel"?:"imessage"|"sms"|"mms"}
 * or a JSON array of up to MAX_CALLBACKS_PER_BODY of them (a batch of receipts, one signature).
 */
export const MAX_CALLBACKS_PER_BODY = 1000;

/** Several callbacks in one body (decodeCallbacks reads it back); one is written as the plain object. */
export function encodeCallbacks(callbacks: readonly CarrierCallback[]): string {
  if (callbacks.length === 0 || callbacks.length > MAX_CALLBACKS_PER_BODY)
    throw new RangeError(`a callback body holds 1 to ${MAX_CALLBACKS_PER_BODY} callbacks, not ${callbacks.length}`);
  return callbacks.length === 1 ? encodeCallback(callbacks[0]!) : `[${callbacks.map(encodeCallback).join(',')}]`;
}

/** A body of one callback (an object) or several (an array of them); throws CallbackRejectedError('malformed_body'). */
export function decodeCallbacks(rawBody: Buffer | string): CarrierCallback[] {
  const value = parse(rawBody);
  if (!Array.isArray(value)) {
    if (typeof value !== 'object' || value === null) throw malformed('body must be a JSON object or an array of them');
    return [decodeFields(value as Record<string, unknown>)];
  }
  if (value.length === 0 || value.length > MAX_CALLBACKS_PER_BODY)
    throw malformed(`array must hold 1 to ${MAX_CALLBACKS_PER_BODY} callbacks`);
  return value.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw malformed(`item ${i} must be a JSON object`);
    return decodeFields(item as Record<string, unknown>);
  });
}

/** JSON that passes the check every API body passes (untrusted-input.ts): raw bodies skip the app's parser. */
function parse(rawBody: Buffer | string): unknown {
  const parsed = parseUntrustedJson(rawBody);
  if (!parsed.ok) throw malformed(parsed.problem);
  return parsed.value;
}

export function encodeCallback(callback: CarrierCallback): string {
  if (callback.kind === 'status') {
    const { carrierMessageId, status, reason, at } = callback;
    return JSON.stringify({
      kind: 'status',
      carrier_message_id: carrierMessageId,
      status,
      ...(reason === undefined ? {} : { reason }),
      at: at.toISOString(),
    });
  }
  const { carrierMessageId, from, to, body, at, channel } = callback;
  return JSON.stringify({
    kind: 'inbound',
    carrier_message_id: carrierMessageId,
    from,
    to,
    body,
    at: at.toISOString(),
    ...(channel === undefined ? {} : { channel }),
  });
}

/** Parses a body written by encodeCallback; throws CallbackRejectedError('malformed_body') otherwise. */
export function decodeCallback(rawBody: Buffer | string): CarrierCallback {
  const value = parse(rawBody);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed('body must be a JSON object');
  return decodeFields(value as Record<string, unknown>);
}

function decodeFields(fields: Record<string, unknown>): CarrierCallback {
  const carrierMessageId = text(fields, 'carrier_message_id');
  const at = instant(fields);
  if (fields.kind === 'status') {
    if (fields.status !== 'delivered' && fields.status !== 'failed') throw malformed('status must be "delivered" or "failed"');
    if (fields.reason !== undefined && typeof fields.reason !== 'string') throw malformed('reason must be a string');
    return {
      kind: 'status',
      carrierMessageId,
      status: fields.status,
      ...(fields.reason === undefined ? {} : { reason: fields.reason }),
      at,
    };
  }
  if (fields.kind === 'inbound') {
    if (typeof fields.body !== 'string') throw malformed('body must be a string');
    const { channel } = fields;
    if (channel !== undefined && !isChannel(channel)) throw malformed('channel must be "imessage", "sms" or "mms"');
    return {
      kind: 'inbound',
      carrierMessageId,
      from: text(fields, 'from'),
      to: text(fields, 'to'),
      body: fields.body,
      at,
      ...(channel === undefined ? {} : { channel }),
    };
  }
  throw malformed('kind must be "status" or "inbound"');
}

const CHANNELS: readonly string[] = ['imessage', 'sms', 'mms'] satisfies CarrierChannel[];
const isChannel = (value: unknown): value is CarrierChannel => typeof value === 'string' && CHANNELS.includes(value);

function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  if (typeof value !== 'string' || value.trim() === '') throw malformed(`${name} must be a non-empty string`);
  return value;
}

function instant(fields: Record<string, unknown>): Date {
  const value = fields.at;
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw malformed('at must be an ISO 8601 date-time');
  return at;
}

function malformed(detail: string): CallbackRejectedError {
  return new CallbackRejectedError('malformed_body', `callback ${detail}`);
}
