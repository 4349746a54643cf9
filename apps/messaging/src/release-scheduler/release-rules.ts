import { exponentialBackoffMs } from '@suite/time';
import { windowOpeningFor, type RecipientTimeZones, type SendWindow } from '@suite/local-time';
import { dailyNewContactCap, nextSendSlot, type WarmupSettings } from '../send-rules/pacing';

/**
 * The release scheduler's decisions as pure functions of what the claim transaction read
 * (docs/decisions/0014). The transaction applies them; these say what is due.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type WindowDecision = { readonly kind: 'open' } | { readonly kind: 'closed'; readonly opensAt: Date };

/** Open now in every zone of the recipient, or when it next opens (pure maths in send-window.ts). */
export function windowDecision(
  now: Date,
  recipient: RecipientTimeZones,
  window: SendWindow,
  workspaceZone: string,
): WindowDecision {
  const { at } = windowOpeningFor(now, recipient, window, workspaceZone);
  return at.getTime() <= now.getTime() ? { kind: 'open' } : { kind: 'closed', opensAt: at };
}

export interface PacingInput {
  readonly now: Date;
  /** When the number (re)joined the pool: warm-up day 0. */
  readonly numberAddedAt: Date;
  /** The number's last reserved slot (sender_numbers.next_send_at). */
  readonly lastSlot: Date | null;
  readonly perSecondRate: number;
  readonly warmup: WarmupSettings;
  /** Whether this message opens a new contact for the number (pacing.isNewContactForNumber). */
  readonly newContact: boolean;
  /** New contacts the number already reached on now's pacing (UTC) day. */
  readonly newContactsToday: number;
}

export type PacingDecision =
  /** Hand it over now; store `slot` as the number's next_send_at. */
  | { readonly kind: 'go'; readonly slot: Date }
  /** The number's new-contact cap for today is spent: not before the next UTC day. */
  | { readonly kind: 'daily_cap'; readonly until: Date; readonly cap: number }
  /** The number's next slot is later: not before it. */
  | { readonly kind: 'rate'; readonly until: Date };

/**
 * Warm-up cap first (only a new contact spends it; messages to people the number already talks
 * to still go), then the per-second slot. A slot in the future is not reserved: the message waits
 * for it and is judged again then, so a deferred message never holds a slot it may not use.
 * A stored slot later than now cannot be one this clock reserved (a claim stores a slot ≤ its own
 * now): another replica's clock is ahead, or this one stepped back. It is not trusted to hold the
 * number — the pace gate spaces the hand-offs at the carrier in real time anyway (0014).
 */
export function pacingDecision(input: PacingInput): PacingDecision {
  const { now } = input;
  if (input.newContact) {
    const cap = dailyNewContactCap(input.numberAddedAt, now, input.warmup);
    if (input.newContactsToday >= cap) return { kind: 'daily_cap', until: nextUtcDay(now), cap };
  }
  const lastSlot = input.lastSlot && input.lastSlot.getTime() > now.getTime() ? null : input.lastSlot;
  const slot = nextSendSlot(lastSlot, now, input.perSecondRate);
  return slot.getTime() > now.getTime() ? { kind: 'rate', until: slot } : { kind: 'go', slot };
}

/** 00:00 UTC of the day after `now`: when the daily counters (pacing.pacingDay) start again. */
export function nextUtcDay(now: Date): Date {
  return new Date((Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS);
}

export interface RetryPolicy {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export type RetryDecision = { readonly kind: 'retry'; readonly at: Date } | { readonly kind: 'give_up' };

/**
 * After attempt `attempt` (1-based) found the carrier unavailable: again after base × 2^(attempt−1),
 * capped, never sooner than the carrier's Retry-After; `give_up` once the attempts are spent.
 */
export function retryDecision(policy: RetryPolicy, attempt: number, now: Date, retryAfterMs?: number): RetryDecision {
  if (attempt >= policy.maxAttempts) return { kind: 'give_up' };
  const backoff = exponentialBackoffMs(attempt, { baseMs: policy.baseDelayMs, maxMs: policy.maxDelayMs });
  return { kind: 'retry', at: new Date(now.getTime() + Math.max(backoff, retryAfterMs ?? 0)) };
}
