import { createHash } from 'node:crypto';

/** The fields of a send request that make it "the same intended send" (everything but request_key). */
export interface SendPayload {
  domain_id: string;
  mailbox_id?: string | null;
  to: string;
  subject: string;
  text: string;
  attachments?: ReadonlyArray<{ filename: string; content_type: string; content: string }> | null;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * JSON with object keys sorted at every level and no whitespace, so two payloads that mean the
 * same thing serialise to the same bytes whatever order the client wrote the keys in.
 * Array order is kept: the attachments' order is part of the email.
 */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(',')}}`;
}

/**
 * SHA-256 (hex) of the canonical payload. An omitted mailbox_id equals null and omitted
 * attachments equal []: the two requests send the same email. Nothing else is normalised —
 * a different subject, body, recipient spelling or attachment is a different send.
 */
export function sendPayloadHash(payload: SendPayload): string {
  const canonical = canonicalJson({
    domain_id: payload.domain_id,
    mailbox_id: payload.mailbox_id ?? null,
    to: payload.to,
    subject: payload.subject,
    text: payload.text,
    attachments: (payload.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content_type: attachment.content_type,
      content: attachment.content,
    })),
  });
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
