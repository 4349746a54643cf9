import { inspectUntrusted, type InputLimits } from '@suite/http';
import { decodeEnvelope } from './envelope-codec';

/** Why an outbox envelope can never be published (the `reason` of its dead letter). */
export type UnpublishableReason = 'not_an_envelope' | 'lone_surrogate' | 'nul_character';

export type PublishableCheck =
  | { readonly ok: true; readonly traceparent: string | null }
  | { readonly ok: false; readonly reason: UnpublishableReason; readonly detail: string };

/**
 * The layout encodeEnvelope (JSON.stringify of newEvent's object) writes: these keys in this
 * order, then `data`, with `traceparent` last. Strings here are matched without escapes, so their
 * text is their value. Anything else (another key order, an escape, whitespace) takes the full check.
 * One pattern, written in three pieces only to keep the lines short.
 */
const HEAD = new RegExp(
  /^\{"id":"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",/.source +
    /"type":"[^"\\]+","version":[1-9][0-9]*,"occurred_at":"([^"\\]+)",/.source +
    /"company_id":(?:null|"[^"\\]*"),"subject":"[^"\\]+","data":/.source,
);
const TAIL_NULL = ',"traceparent":null}';
const TAIL_STRING = ',"traceparent":"';

const LONE_SURROGATE: PublishableCheck = {
  ok: false,
  reason: 'lone_surrogate',
  detail: 'a string or key of the envelope holds a lone UTF-16 surrogate, which is not Unicode text',
};
const NUL: PublishableCheck = {
  ok: false,
  reason: 'nul_character',
  detail: 'a string or key of the envelope holds U+0000, which PostgreSQL text cannot store',
};

/**
 * Whether the relay may publish an outbox envelope, and its traceparent. `text` is the envelope as
 * its `json` column holds it, so it is valid JSON (PostgreSQL checked it on insert).
 * Publishable means what every consumer needs to take it: it decodes as an event envelope
 * (decodeEnvelope), and every string and key in it is well-formed Unicode without NUL — a lone
 * surrogate or a NUL parses in JavaScript, but PostgreSQL text cannot hold either (node writes a
 * lone surrogate as U+FFFD, a NUL is refused) and PostgreSQL's JSON operators refuse both.
 *
 * Runs for every event the relay publishes, so the usual envelope is judged without JSON.parse
 * (decision 0020 has the measurements). The text arrives as PostgreSQL text, which has no NUL
 * byte, and node decodes it into well-formed UTF-16, so the only way a lone surrogate or a NUL
 * gets into a string of it is a `\u` escape: a text without `\u` has clean strings and keys. Its
 * shape is read off encodeEnvelope's layout: the
 * head's fields are checked as decodeEnvelope checks them, and the last member before the final
 * brace — which `,"` can only start as a key of the outer object — is the traceparent. What this
 * does not see is a key repeated later in the outer object, which JSON.stringify never writes.
 */
export function checkPublishable(text: string): PublishableCheck {
  if (!text.includes('\\u')) {
    const traceparent = canonicalTraceparent(text);
    if (traceparent !== undefined) return { ok: true, traceparent };
  }
  return fullCheck(text);
}

/** The traceparent when `text` has encodeEnvelope's layout with valid head fields; undefined otherwise. */
function canonicalTraceparent(text: string): string | null | undefined {
  const head = HEAD.exec(text);
  if (!head || Number.isNaN(Date.parse(head[1]!))) return undefined;
  const dataStart = head[0].length;
  if (text.endsWith(TAIL_NULL)) return text.length - TAIL_NULL.length > dataStart ? null : undefined;
  const at = text.lastIndexOf(TAIL_STRING);
  if (at <= dataStart || !text.endsWith('"}') || at + TAIL_STRING.length > text.length - 2) return undefined;
  const value = text.slice(at + TAIL_STRING.length, -2);
  return value.includes('"') || value.includes('\\') ? undefined : value;
}

/** No depth or size limit here: an event is judged by what it holds, not by how it is shaped. */
const UNBOUNDED: InputLimits = { maxDepth: Number.MAX_SAFE_INTEGER, maxNodes: Number.MAX_SAFE_INTEGER };

function fullCheck(text: string): PublishableCheck {
  const decoded = decodeEnvelope(text);
  if (!decoded.ok) return { ok: false, reason: 'not_an_envelope', detail: decoded.reason };
  // Every key and value, by the same rule every API applies to its input (decision 0022).
  const problem = inspectUntrusted(decoded.envelope, UNBOUNDED);
  if (problem?.kind === 'lone_surrogate') return LONE_SURROGATE;
  if (problem?.kind === 'nul') return NUL;
  return { ok: true, traceparent: decoded.envelope.traceparent };
}
