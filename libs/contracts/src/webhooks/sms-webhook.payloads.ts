import { messageEventSchema } from '../events/messaging-message.events';
import { payload, type Static } from '../events/payload-schema';

const message = messageEventSchema.properties;

/**
 * `data` of `sms.sent`, `sms.received`, `sms.failed` and `sms.replied`: the message as the
 * messaging API shows it, under the spec's names (messaging's `to` is `to_number`). Every channel
 * (iMessage, SMS, MMS) is an "sms" webhook; `channel` says which one carried it.
 */
export const smsWebhookSchema = payload({
  message_id: message.message_id,
  direction: message.direction,
  /** `imessage`, `sms` or `mms`; null when the source event does not say (a reply names only the message). */
  channel: message.channel,
  /** Who wrote it: outbound our workspace number (null until one is pinned), inbound the contact. */
  from_number: message.from_number,
  /** Who it was written to: outbound the contact, inbound our workspace number. */
  to_number: message.to,
  /** The contact's number, whatever the direction. */
  contact_phone: message.contact_phone,
  body: message.body,
  status: message.status,
  /** ISO 8601 instant the carrier accepted an outbound message; null for inbound or never sent. */
  sent_at: message.sent_at,
  /** ISO 8601 instant of the fact: carrier time when known, else when we recorded it. */
  ts: message.ts,
});
export type SmsWebhookData = Static<typeof smsWebhookSchema>;

export type SmsWebhookKind = 'sms.sent' | 'sms.received' | 'sms.failed' | 'sms.replied';
