import type { CarrierMessageStatus } from '../../carrier/carrier.port';

/**
 * A `sent` message still `pending` at its provider after this many receipt timeouts is given up
 * (receipt_missing): a provider that has not settled a text in three days never will.
 */
export const PENDING_TIMEOUTS_BEFORE_GIVING_UP = 3;
/** The failure_reason prefix of a message whose receipt never came and whose provider could not say (decision 0049). */
export const RECEIPT_MISSING = 'receipt_missing';

/** What the reconciliation does with a provider's answer: apply it as a receipt would be, or look again a timeout later. */
export type Reconciliation =
  | { readonly kind: 'receipt'; readonly status: 'delivered' | 'failed'; readonly reason?: string; readonly at: Date }
  | { readonly kind: 'later'; readonly why: string };

export interface ReconciliationContext {
  /** The provider asked (message_hand_offs.provider). */
  readonly provider: string;
  readonly sentAt: Date;
  readonly now: Date;
  readonly timeoutSeconds: number;
}

/**
 * The provider's word on a `sent` message whose receipt never came (decision 0049): a verdict is
 * applied as its receipt would have been (the adapter's reason, as its callback gives it);
 * `unknown` (the provider has no record, or keeps no status) ends the message `failed` with
 * `receipt_missing: …`, so nothing stays `sent` for ever; `pending` is asked again a timeout
 * later, and given up the same way after PENDING_TIMEOUTS_BEFORE_GIVING_UP timeouts.
 */
export function reconciliationOf(status: CarrierMessageStatus, context: ReconciliationContext): Reconciliation {
  const { provider, sentAt, now, timeoutSeconds } = context;
  switch (status.kind) {
    case 'delivered':
      return { kind: 'receipt', status: 'delivered', at: status.at };
    case 'failed':
      return { kind: 'receipt', status: 'failed', reason: status.reason, at: status.at };
    case 'unknown':
      return {
        kind: 'receipt',
        status: 'failed',
        reason: `${RECEIPT_MISSING}: no receipt within ${timeoutSeconds} s and ${provider} cannot say (${status.reason}); it may have arrived`,
        at: now,
      };
    case 'pending': {
      const waitedSeconds = Math.floor((now.getTime() - sentAt.getTime()) / 1000);
      if (waitedSeconds < PENDING_TIMEOUTS_BEFORE_GIVING_UP * timeoutSeconds)
        return { kind: 'later', why: `${provider} still says "${status.providerStatus}"` };
      return {
        kind: 'receipt',
        status: 'failed',
        reason: `${RECEIPT_MISSING}: ${provider} still says "${status.providerStatus}" ${waitedSeconds} s after the hand-off`,
        at: now,
      };
    }
  }
}
