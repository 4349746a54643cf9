import { createHash } from 'node:crypto';
import type { PinChangeReason } from './sender-pin-change.entity';

export type PinDecision =
  | { readonly kind: 'keep'; readonly number: string }
  | { readonly kind: 'pin'; readonly number: string; readonly previous: string | null; readonly reason: PinChangeReason }
  | { readonly kind: 'no_number' };

/**
 * Sticky sender. A conversation keeps its pinned number while that number is active in the pool;
 * otherwise (first message, or the number left the pool) it gets `poolNumberFor(contact, pool)`.
 */
export function decidePin(
  current: { number: string | null; active: boolean },
  contactPhone: string,
  activeNumbers: readonly string[],
): PinDecision {
  if (current.number !== null && current.active) return { kind: 'keep', number: current.number };
  const number = poolNumberFor(contactPhone, activeNumbers);
  if (number === null) return { kind: 'no_number' };
  return { kind: 'pin', number, previous: current.number, reason: current.number === null ? 'first_message' : 'number_removed' };
}

/** What a contact read for a send knows of its pin and its workspace's pool (ContactsService.lockForSend). */
export interface ContactPinState {
  readonly phone: string;
  readonly pinnedFromNumber: string | null;
  readonly pinnedNumberActive: boolean;
  readonly activeNumbers: readonly string[];
}

/** decidePin for a contact as a send reads it: its pin counts only while the pinned number is active. */
export function decideContactPin(contact: ContactPinState): PinDecision {
  return decidePin(
    { number: contact.pinnedFromNumber, active: contact.pinnedFromNumber !== null && contact.pinnedNumberActive },
    contact.phone,
    contact.activeNumbers,
  );
}

/**
 * The number a contact is pinned to: a stable hash of its phone (the first 32 bits of SHA-256)
 * modulo the size of the pool, over the active numbers sorted. Phones spread evenly over the
 * pool in expectation — which keeps each number's daily new-contact count, the carriers' main
 * warm-up signal, low — with no count of existing pins (that count grew with the contacts and
 * cost a query per new conversation). Deterministic: the same phone and pool give the same
 * number in every process, and a test can predict it. Null for an empty pool.
 */
export function poolNumberFor(contactPhone: string, activeNumbers: readonly string[]): string | null {
  if (activeNumbers.length === 0) return null;
  const sorted = [...activeNumbers].sort();
  const hash = createHash('sha256').update(contactPhone).digest().readUInt32BE(0);
  return sorted[hash % sorted.length]!;
}
