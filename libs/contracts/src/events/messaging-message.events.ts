import { payloadSchema } from './payload-schema';

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

/**
 * Payload of every event on `messaging.message.v1` (`message.queued`, `.sent`, `.delivered`,
 * `.failed`, `.cancelled`, `.received`, `.no_channel`). Subject: the message id. It is the public
 * message as the API shows it, so a subscriber (webhooks) never has to call back for it.
 */
export interface MessageEventData {
  message_id: string;
  company_id: string;
  direction: MessageDirection;
  channel: MessageChannel | null;
  status: (typeof MESSAGE_EVENT_STATUSES)[number];
  /** Outbound: the workspace number it is sent from (null until pinned); inbound: the contact. */
  from_number: string | null;
  /** Outbound: the contact; inbound: the workspace number it was written to. */
  to: string | null;
  /** The lead's number, whatever the direction. */
  contact_phone: string;
  body: string;
  sender: MessageSender | null;
  attachments: string[];
  effect: MessageEffect | null;
  sent_at: string | null;
  created_at: string;
  /** Carrier time when known, else created_at. */
  ts: string;
  /** Why, for failed, cancelled and no_channel (e.g. `cancelled_by_customer`, `opted_out`, a carrier code); else null. */
  reason: string | null;
}

const e164 = { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164 phone number' } as const;
const nullableE164 = { type: ['string', 'null'], pattern: '^\\+[1-9][0-9]{6,14}$' } as const;
const instant = { type: 'string', format: 'date-time' } as const;
const enumPattern = (values: readonly string[]) => `^(${values.join('|')})$`;

export const messageEventSchema = payloadSchema<MessageEventData>({
  properties: {
    message_id: { type: 'string', format: 'uuid' },
    company_id: { type: 'string', pattern: '^[0-9]+$' },
    direction: { type: 'string', enum: MESSAGE_DIRECTIONS },
    channel: {
      type: ['string', 'null'],
      pattern: enumPattern(MESSAGE_CHANNELS),
      description: 'null until the channel is chosen',
    },
    status: { type: 'string', enum: MESSAGE_EVENT_STATUSES },
    from_number: { ...nullableE164, description: 'outbound: the workspace number (null until pinned); inbound: the contact' },
    to: { ...nullableE164, description: 'outbound: the contact; inbound: the workspace number written to' },
    contact_phone: e164,
    body: { type: 'string' },
    sender: {
      type: ['string', 'null'],
      pattern: enumPattern(MESSAGE_SENDERS),
      description: 'author of an outbound message; null for inbound',
    },
    attachments: { type: 'array', items: { type: 'string', maxLength: 2048 } },
    effect: {
      type: ['string', 'null'],
      pattern: enumPattern(MESSAGE_EFFECTS),
      description: 'iMessage effect; kept on the record even when sent as SMS/MMS',
    },
    sent_at: { type: ['string', 'null'], description: 'ISO 8601 instant the carrier accepted the message' },
    created_at: instant,
    ts: { ...instant, description: 'carrier time when known, else created_at' },
    reason: { type: ['string', 'null'], description: 'why, for failed, cancelled and no_channel' },
  },
  required: [
    'message_id',
    'company_id',
    'direction',
    'channel',
    'status',
    'from_number',
    'to',
    'contact_phone',
    'body',
    'sender',
    'attachments',
    'effect',
    'sent_at',
    'created_at',
    'ts',
    'reason',
  ],
});
