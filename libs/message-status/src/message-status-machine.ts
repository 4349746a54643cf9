/**
 * The message status state machine, as a pure table.
 *
 * Design: transitions are driven by named events (what happened), not by target states (what
 * the caller would like the status to be), and every event has exactly one target.
 *
 * - Named events, because the same target is reachable for different reasons that must be
 *   legal from different places: `failed` comes from a permanent carrier rejection (only while
 *   `sending`) or from a failed delivery receipt (only once `sent`). A target-state API
 *   ("set failed") could not tell a receipt for a message never handed over from a rejection.
 *   The event names the cause, so the guard is exactly the set of states where that cause
 *   makes sense.
 * - One target per event, because then the guarded SQL update is a constant
 *   `SET status = $to WHERE status = ANY($allowedFrom)`: no CASE per source, and the caller
 *   knows the outcome before the query runs.
 *
 * Refusals are values, never exceptions: callers turn them into 409s, duplicate detection or
 * log lines. Same-state transitions (a second `deliver` on `delivered`, a second `claim` on
 * `sending`) are refused with reason `duplicate` so that retried carrier callbacks and racing
 * schedulers can be recognised as such.
 *
 * Creation is not a transition (there is no row to guard yet); `initialStatus()` covers it.
 */
import { isMessageStatus, isTerminalStatus, MessageStatus } from './message-status';

export const MESSAGE_STATUS_EVENTS = [
  /** The scheduler picks a queued message to hand to the carrier. */
  'claim',
  /** The scheduler gives a claimed message back (send window closed, pacing, transient error before handoff). */
  'requeue',
  /** The carrier accepted the message. */
  'accept',
  /** The carrier rejected the message permanently. */
  'reject',
  /** A delivery receipt confirmed delivery. */
  'deliver',
  /** A delivery receipt reported the message dead. */
  'fail_delivery',
  /** Cancelled by the customer, or because the contact opted out, before the carrier had it. */
  'cancel',
  /** Nothing can reach the number any more (e.g. it turned out to be a landline). */
  'mark_no_channel',
] as const;

export type MessageStatusEvent = (typeof MESSAGE_STATUS_EVENTS)[number];

interface EventRule {
  readonly from: readonly MessageStatus[];
  readonly to: MessageStatus;
}

/**
 * The whole machine. `cancel` is legal from `sending` because the spec makes in-flight messages
 * cancellable until the carrier has them; from `sent` on it is too late.
 */
const RULES: Readonly<Record<MessageStatusEvent, EventRule>> = {
  claim: { from: ['queued'], to: 'sending' },
  requeue: { from: ['sending'], to: 'queued' },
  accept: { from: ['sending'], to: 'sent' },
  reject: { from: ['sending'], to: 'failed' },
  deliver: { from: ['sent'], to: 'delivered' },
  fail_delivery: { from: ['sent'], to: 'failed' },
  cancel: { from: ['queued', 'sending'], to: 'cancelled' },
  mark_no_channel: { from: ['queued', 'sending'], to: 'no_channel' },
};

export const MESSAGE_CREATION_EVENTS = [
  /** An outbound message accepted for sending. */
  'create',
  /** An outbound message to a number nothing can reach. */
  'create_no_channel',
  /** An inbound message. */
  'receive',
] as const;

export type MessageCreationEvent = (typeof MESSAGE_CREATION_EVENTS)[number];

const INITIAL: Readonly<Record<MessageCreationEvent, MessageStatus>> = {
  create: 'queued',
  create_no_channel: 'no_channel',
  receive: 'received',
};

/**
 * - `unknown_state` / `unknown_event`: the input is not part of the machine (untrusted strings).
 * - `duplicate`: the message is already in the event's target state.
 * - `terminal`: the message is in a terminal state; nothing leaves it.
 * - `not_allowed`: the event does not apply to the current (non-terminal) state.
 */
export type TransitionRefusalReason = 'unknown_state' | 'unknown_event' | 'duplicate' | 'terminal' | 'not_allowed';

export type TransitionResult =
  { readonly ok: true; readonly to: MessageStatus } | { readonly ok: false; readonly reason: TransitionRefusalReason };

export function isMessageStatusEvent(value: unknown): value is MessageStatusEvent {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(RULES, value);
}

/** Where `event` leads from `from`, or why it does not. Never throws, whatever the input. */
export function transition(from: MessageStatus, event: MessageStatusEvent): TransitionResult {
  if (!isMessageStatus(from)) return { ok: false, reason: 'unknown_state' };
  if (!isMessageStatusEvent(event)) return { ok: false, reason: 'unknown_event' };
  const rule = RULES[event];
  if (rule.from.includes(from)) return { ok: true, to: rule.to };
  if (rule.to === from) return { ok: false, reason: 'duplicate' };
  if (isTerminalStatus(from)) return { ok: false, reason: 'terminal' };
  return { ok: false, reason: 'not_allowed' };
}

/** The states from which `event` is legal; empty for an unknown event. Feeds the SQL guard. */
export function allowedFrom(event: MessageStatusEvent): readonly MessageStatus[] {
  return isMessageStatusEvent(event) ? RULES[event].from : [];
}

/** The single state `event` leads to, or null for an unknown event. */
export function targetOf(event: MessageStatusEvent): MessageStatus | null {
  return isMessageStatusEvent(event) ? RULES[event].to : null;
}

/** Whether some event moves a message from `from` to `to`. Same-state pairs are never transitions. */
export function canTransition(from: MessageStatus, to: MessageStatus): boolean {
  return MESSAGE_STATUS_EVENTS.some((event) => RULES[event].to === to && RULES[event].from.includes(from));
}

/** The status a new message row starts in. */
export function initialStatus(event: MessageCreationEvent): MessageStatus {
  return INITIAL[event];
}

/** The same functions under one name, for callers that prefer `MessageStatusMachine.transition(...)`. */
export const MessageStatusMachine = Object.freeze({
  events: MESSAGE_STATUS_EVENTS,
  creationEvents: MESSAGE_CREATION_EVENTS,
  transition,
  allowedFrom,
  targetOf,
  canTransition,
  initialStatus,
});
