import { transition, type MessageStatus, type MessageStatusEvent } from '@suite/message-status';

export type ReceiptDecision =
  /** Move the message: `deliver` or `fail_delivery`. */
  | { readonly kind: 'apply'; readonly event: Extract<MessageStatusEvent, 'deliver' | 'fail_delivery'> }
  /** No message has this carrier id: 200 and a warning (a provider would retry a 4xx forever). */
  | { readonly kind: 'unknown' }
  /** The same receipt again (a provider's retry): 200, nothing changes. */
  | { readonly kind: 'duplicate' }
  /** The message is not recorded as `sent` yet (hand-off still being written): 503, so the provider retries. */
  | { readonly kind: 'not_yet' }
  /** The message already has another verdict (`failed` then `delivered`, say): 200 and a warning; a verdict never changes. */
  | { readonly kind: 'conflicting'; readonly current: MessageStatus };

const EVENT_OF = { delivered: 'deliver', failed: 'fail_delivery' } as const;

/** What a delivery receipt does to a message in `current` (null: no message with its carrier id). */
export function decideReceipt(current: MessageStatus | null, receipt: 'delivered' | 'failed'): ReceiptDecision {
  if (current === null) return { kind: 'unknown' };
  const event = EVENT_OF[receipt];
  const result = transition(current, event);
  if (result.ok) return { kind: 'apply', event };
  if (result.reason === 'duplicate') return { kind: 'duplicate' };
  if (current === 'queued' || current === 'sending') return { kind: 'not_yet' };
  return { kind: 'conflicting', current };
}
