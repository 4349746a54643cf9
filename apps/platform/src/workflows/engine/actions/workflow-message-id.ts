import { createHash } from 'node:crypto';

/** The idempotency key of a step that asks another app to act: one per (run, step). */
export const stepIdempotencyKey = (runId: string, step: number): string => `wf:${runId}:${step}`;

/**
 * The id messaging gives the text a step asks for: a UUID derived from the step's key (name-based,
 * RFC 9562 §5.5 layout over SHA-256), so the run's log names the message before messaging has
 * queued it, and a second request with the same key cannot make a second message.
 */
export function messageIdForKey(key: string): string {
  const bytes = createHash('sha256').update(`workflow-message:${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: custom, name-based
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
