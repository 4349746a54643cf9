import type { EventEnvelope } from '@suite/contracts';

export type DecodeResult =
  { readonly ok: true; readonly envelope: EventEnvelope } | { readonly ok: false; readonly reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeEnvelope(envelope: EventEnvelope): string {
  return JSON.stringify(envelope);
}

/**
 * Anything that fails here can never succeed on a retry, so the consumer dead-letters it at
 * once. The id must be a uuid because it is the inbox primary key.
 */
export function decodeEnvelope(value: string | Buffer | null | undefined): DecodeResult {
  if (value === null || value === undefined) return { ok: false, reason: 'empty message value' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof value === 'string' ? value : value.toString('utf8'));
  } catch {
    return { ok: false, reason: 'message value is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, reason: 'message value is not a JSON object' };
  }
  const e = parsed as Record<string, unknown>;
  const problem =
    (typeof e.id !== 'string' || !UUID.test(e.id) ? 'id must be a uuid' : null) ??
    (typeof e.type !== 'string' || e.type === '' ? 'type must be a non-empty string' : null) ??
    (!Number.isInteger(e.version) || (e.version as number) < 1 ? 'version must be a positive integer' : null) ??
    (typeof e.occurred_at !== 'string' || Number.isNaN(Date.parse(e.occurred_at))
      ? 'occurred_at must be an ISO instant'
      : null) ??
    (e.company_id !== null && typeof e.company_id !== 'string' ? 'company_id must be a string or null' : null) ??
    (typeof e.subject !== 'string' || e.subject === '' ? 'subject must be a non-empty string' : null) ??
    (!('data' in e) || e.data === undefined ? 'data is missing' : null) ??
    (e.traceparent !== null && typeof e.traceparent !== 'string' ? 'traceparent must be a string or null' : null);
  if (problem) return { ok: false, reason: `not an event envelope: ${problem}` };
  return { ok: true, envelope: parsed as EventEnvelope };
}
