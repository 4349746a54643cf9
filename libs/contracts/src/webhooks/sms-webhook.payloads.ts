import type { MessageChannel, MessageDirection } from '../events/messaging-message.events';
import { MESSAGE_EVENT_STATUSES } from '../events/messaging-message.events';

/**
 * `data` of `sms.sent`, `sms.received`, `sms.failed` and `sms.replied`: the message as the
 * messaging API shows it, under the spec's names. Every channel (iMessage, SMS, MMS) is an
 * "sms" webhook; `channel` says which one carried it.
 */
export interface SmsWebhookData {
  message_id: string;
  direction: MessageDirection;
  /** `imessage`, `sms` or `mms`; null when the source event does not say (a reply names only the message). */
  channel: MessageChannel | null;
  /** Who wrote it: outbound our workspace number (null until one is pinned), inbound the contact. */
  from_number: string | null;
  /** Who it was written to: outbound the contact, inbound our workspace number. */
  to_number: string | null;
  /** The contact's number, whatever the direction. */
  contact_phone: string;
  body: string;
  status: (typeof MESSAGE_EVENT_STATUSES)[number];
  /** ISO 8601 instant the carrier accepted an outbound message; null for inbound or never sent. */
  sent_at: string | null;
  /** ISO 8601 instant of the fact: carrier time when known, else when we recorded it. */
  ts: string;
}

export type SmsWebhookKind = 'sms.sent' | 'sms.received' | 'sms.failed' | 'sms.replied';
