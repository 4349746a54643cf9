import type { InboundKeyword } from './keywords';

/** The service's own replies to an inbound message. */
export type AutoReply = 'help' | 'opt_out_confirmation';

export interface InboundPlan {
  /** Opt the contact out (it was not): contact.opted_out, its pending messages cancelled. */
  readonly optOut: boolean;
  /** Opt the contact back in (it was out): contact.opted_in. */
  readonly optIn: boolean;
  readonly reply: AutoReply | null;
  /** Pin the number written to as the conversation's sender (the contact had none, the number is active). */
  readonly pinWrittenNumber: boolean;
}

/**
 * What an inbound message changes besides being stored. Keywords act only on a change of state:
 * a second STOP from an opted-out contact is stored, but opts out nothing, cancels nothing and is
 * not confirmed again (one confirmation per opt-out, and `contact.opted_out` once); a START or
 * YES from a contact who never opted out is just a message. HELP is answered whatever the state.
 */
export function planInbound(
  keyword: InboundKeyword,
  contact: { readonly optedOut: boolean; readonly pinnedFromNumber: string | null },
  writtenNumberActive: boolean,
): InboundPlan {
  const optOut = keyword.kind === 'opt_out' && !contact.optedOut;
  return {
    optOut,
    optIn: keyword.kind === 'opt_in' && contact.optedOut,
    reply: optOut ? 'opt_out_confirmation' : keyword.kind === 'help' ? 'help' : null,
    pinWrittenNumber: contact.pinnedFromNumber === null && writtenNumberActive,
  };
}
