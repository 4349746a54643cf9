import { MESSAGE_EVENT_STATUSES } from '@suite/contracts';

/**
 * The statuses a message can be in.
 *
 * The public spec lists seven: queued, sent, delivered, failed, cancelled, received, no_channel.
 * The messaging service adds one internal status, `sending`, between `queued` and `sent`: the
 * scheduler has claimed the message and is handing it to the carrier. It exists so that two
 * scheduler instances can never hand the same message over twice (the claim is a guarded
 * update), but it is not part of the public contract, so API responses show it as `queued`
 * through `publicStatus()`: from the customer's point of view the message is still waiting and
 * is still cancellable.
 */

export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'cancelled',
  'received',
  'no_channel',
] as const;

export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * The statuses the public API may show; everything except the internal `sending`. One list with
 * the events' (libs/contracts), which is where consumers read it.
 */
export const PUBLIC_MESSAGE_STATUSES = MESSAGE_EVENT_STATUSES satisfies readonly MessageStatus[];

export type PublicMessageStatus = (typeof PUBLIC_MESSAGE_STATUSES)[number];

/**
 * No event leaves these. `failed` is terminal even though carriers can deliver receipts out of
 * order: a `delivered` receipt arriving after `failed` is refused rather than resurrecting the
 * message, so a status never goes back on a verdict already reported to the customer.
 */
export const TERMINAL_STATUSES = [
  'delivered',
  'failed',
  'cancelled',
  'received',
  'no_channel',
] as const satisfies readonly MessageStatus[];

export type TerminalMessageStatus = (typeof TERMINAL_STATUSES)[number];

const statusSet: ReadonlySet<string> = new Set(MESSAGE_STATUSES);
const terminalSet: ReadonlySet<string> = new Set(TERMINAL_STATUSES);

/** Narrows an untrusted string (a database value, a query parameter) to a status. */
export function isMessageStatus(value: unknown): value is MessageStatus {
  return typeof value === 'string' && statusSet.has(value);
}

export function isTerminalStatus(status: MessageStatus): status is TerminalMessageStatus {
  return terminalSet.has(status);
}

/** The status to put in API responses and public events: `sending` is reported as `queued`. */
export function publicStatus(status: MessageStatus): PublicMessageStatus {
  return status === 'sending' ? 'queued' : status;
}
