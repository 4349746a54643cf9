import { messageEventSchema } from '../events/messaging-message.events';
import type { Static } from '../events/payload-schema';
import { webhookFields } from './webhook-fields';

/**
 * `data` of `sms.sent`, `sms.received`, `sms.failed` and `sms.replied`: the message as the
 * messaging API shows it, under the spec's names (messaging's `to` is `to_number`; from/to already
 * say who wrote to whom). Every channel (iMessage, SMS, MMS) is an "sms" webhook; `channel` says
 * which one carried it — null when the source event does not say (a reply names only the message).
 */
export const SMS_WEBHOOK_FIELDS = webhookFields(messageEventSchema, {
  message_id: 'message_id',
  direction: 'direction',
  channel: 'channel',
  from_number: 'from_number',
  to_number: 'to',
  contact_phone: 'contact_phone',
  body: 'body',
  status: 'status',
  sent_at: 'sent_at',
  ts: 'ts',
});
export const smsWebhookSchema = SMS_WEBHOOK_FIELDS.schema;
export type SmsWebhookData = Static<typeof smsWebhookSchema>;

export type SmsWebhookKind = 'sms.sent' | 'sms.received' | 'sms.failed' | 'sms.replied';
