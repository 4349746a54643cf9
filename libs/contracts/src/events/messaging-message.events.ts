import { defineEvent } from './define-event';
import { nullable, payload, stringEnum, Type, typedAs, type Static } from './payload-schema';
import { instant, numericId } from './payload-fields';
import { Topics } from './topics';

export const MESSAGE_DIRECTIONS = ['outbound', 'inbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const MESSAGE_CHANNELS = ['imessage', 'sms', 'mms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Who wrote an outbound message (the spec's `sender`): the API sends `human`, service auto-replies `system`. */
export const MESSAGE_SENDERS = ['human', 'bot', 'system'] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

/** iMessage screen and bubble effects the API accepts (the spec's 13 values). */
export const MESSAGE_EFFECTS = [
  'slam',
  'loud',
  'gentle',
  'invisible_ink',
  'echo',
  'spotlight',
  'balloons',
  'confetti',
  'love',
  'lasers',
  'fireworks',
  'celebration',
  'shooting_star',
] as const;
export type MessageEffect = (typeof MESSAGE_EFFECTS)[number];

/**
 * Public statuses as they appear in events and in the API (the internal `sending` is reported as
 * `queued`). libs/message-status exports this list as PUBLIC_MESSAGE_STATUSES and checks that each
 * is a status of its state machine.
 */
export const MESSAGE_EVENT_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'cancelled', 'received', 'no_channel'] as const;

const e164 = '^\\+[1-9][0-9]{6,14}$';
const nullableE164 = (description: string) => nullable(Type.String({ pattern: e164, description }));
const enumPattern = (values: readonly string[]) => `^(${values.join('|')})$`;
/** A nullable choice written as a pattern, not an enum: null was never one of the values. */
const nullableChoice = <const V extends readonly string[]>(values: V, description: string) =>
  typedAs<V[number] | null>(nullable(Type.String({ pattern: enumPattern(values), description })));

/**
 * Payload of every event on `messaging.message.v1` (`message.queued`, `.sent`, `.delivered`,
 * `.failed`, `.cancelled`, `.received`, `.no_channel`). Subject: the message id. It is the public
 * message as the API shows it, so a subscriber (webhooks) never has to call back for it.
 */
export const messageEventSchema = payload({
  message_id: Type.String({ format: 'uuid' }),
  company_id: numericId,
  direction: stringEnum(MESSAGE_DIRECTIONS),
  channel: nullableChoice(MESSAGE_CHANNELS, 'null until the channel is chosen'),
  status: stringEnum(MESSAGE_EVENT_STATUSES),
  /** Outbound: the workspace number it is sent from (null until pinned); inbound: the contact. */
  from_number: nullableE164('outbound: the workspace number (null until pinned); inbound: the contact'),
  /** Outbound: the contact; inbound: the workspace number it was written to. */
  to: nullableE164('outbound: the contact; inbound: the workspace number written to'),
  /** The lead's number, whatever the direction. */
  contact_phone: Type.String({ pattern: e164, description: 'E.164 phone number' }),
  body: Type.String(),
  sender: nullableChoice(MESSAGE_SENDERS, 'author of an outbound message; null for inbound'),
  attachments: Type.Array(Type.String({ maxLength: 2048 })),
  effect: nullableChoice(MESSAGE_EFFECTS, 'iMessage effect; kept on the record even when sent as SMS/MMS'),
  sent_at: nullable(Type.String({ description: 'ISO 8601 instant the carrier accepted the message' })),
  created_at: instant,
  /** Carrier time when known, else created_at. */
  ts: Type.String({ format: 'date-time', description: 'carrier time when known, else created_at' }),
  /** Why, for failed, cancelled and no_channel (e.g. `cancelled_by_customer`, `opted_out`, a carrier code); else null. */
  reason: nullable(Type.String({ description: 'why, for failed, cancelled and no_channel' })),
});
export type MessageEventData = Static<typeof messageEventSchema>;

const messageEvent = <const N extends `message.${string}`>(name: N, summary: string) =>
  defineEvent(name, Topics.messagingMessage, messageEventSchema, summary);

export const MESSAGING_MESSAGE_EVENTS = [
  messageEvent(
    'message.queued',
    'An outbound message was accepted by the API and waits for the scheduler (send window, pacing).',
  ),
  messageEvent('message.sent', 'The carrier accepted an outbound message.'),
  messageEvent(
    'message.delivered',
    'A delivery receipt confirmed an outbound message (feeds the sms.sent webhook: "an SMS is delivered").',
  ),
  messageEvent(
    'message.failed',
    'An outbound message was rejected by the carrier or reported dead by a receipt (feeds sms.failed); `reason` says why.',
  ),
  messageEvent(
    'message.cancelled',
    'An outbound message was cancelled before the carrier had it (by the customer or because the contact opted out); `reason` says why.',
  ),
  messageEvent('message.received', 'An inbound message arrived (feeds sms.received).'),
  messageEvent('message.no_channel', 'Nothing can reach the number of an outbound message (e.g. a landline); `reason` says why.'),
] as const;
