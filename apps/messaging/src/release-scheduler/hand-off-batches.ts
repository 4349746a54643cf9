import type { ClaimedMessage } from './claimed-message';

/**
 * Splits a tick's claimed messages into at most `concurrency` hand-off batches of about equal
 * size, each handed over in one transaction (hand-off.service.ts), the batches side by side: one
 * transaction per batch instead of one per message, and still at most `concurrency` connections
 * held across carrier calls. A batch holds each sender number at most once — the pace gate locks
 * one marker per number and spaces the number's hand-offs, which within one transaction it could
 * not — so a second message of a number goes to another batch (one more when all have it). The
 * claim takes one message per number per tick, so that is rare.
 */
export function handOffBatches(claimed: readonly ClaimedMessage[], concurrency: number): ClaimedMessage[][] {
  const size = Math.max(1, Math.ceil(claimed.length / Math.max(1, concurrency)));
  const batches: Array<{ messages: ClaimedMessage[]; numbers: Set<string> }> = [];
  for (const message of claimed) {
    let batch = batches.find((candidate) => candidate.messages.length < size && !candidate.numbers.has(message.fromNumber));
    if (!batch) {
      batch = { messages: [], numbers: new Set() };
      batches.push(batch);
    }
    batch.messages.push(message);
    batch.numbers.add(message.fromNumber);
  }
  return batches.map((batch) => batch.messages);
}
