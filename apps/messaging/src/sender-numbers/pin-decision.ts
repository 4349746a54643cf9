import type { PinChangeReason } from './sender-pin-change.entity';

/** An active number of the workspace's pool and how many conversations are pinned to it. */
export interface PoolNumber {
  number: string;
  pinnedConversations: number;
}

export type PinDecision =
  | { readonly kind: 'keep'; readonly number: string }
  | { readonly kind: 'pin'; readonly number: string; readonly previous: string | null; readonly reason: PinChangeReason }
  | { readonly kind: 'no_number' };

/**
 * Sticky sender. A conversation keeps its pinned number while that number is active in the pool;
 * otherwise (first message, or the number left the pool) it gets the active number with the
 * fewest pinned conversations — spreading new contacts over the pool keeps every number's daily
 * new-contact count, the carriers' main warm-up signal, low — ties broken by number so the choice
 * is deterministic.
 */
export function decidePin(current: { number: string | null; active: boolean }, pool: readonly PoolNumber[]): PinDecision {
  if (current.number !== null && current.active) return { kind: 'keep', number: current.number };
  const [best] = [...pool].sort((a, b) => a.pinnedConversations - b.pinnedConversations || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  if (!best) return { kind: 'no_number' };
  return {
    kind: 'pin',
    number: best.number,
    previous: current.number,
    reason: current.number === null ? 'first_message' : 'number_removed',
  };
}
