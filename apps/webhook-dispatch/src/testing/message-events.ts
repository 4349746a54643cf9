import type { MessageEventData } from '@suite/contracts';
import { newEvent, type NewEvent } from '@suite/eventing';

/** An outbound `message.delivered` of the company as messaging publishes it (a webhook's `sms.sent`), to `contactPhone`. */
export function deliveredMessageEvent(
  companyId: string,
  messageId: string,
  body: string,
  contactPhone = '+15550000002',
): NewEvent {
  const now = new Date().toISOString();
  const data: MessageEventData = {
    message_id: messageId,
    company_id: companyId,
    direction: 'outbound',
    channel: 'sms',
    status: 'delivered',
    from_number: '+15550000001',
    to: contactPhone,
    contact_phone: contactPhone,
    body,
    sender: null,
    attachments: [],
    effect: null,
    sent_at: now,
    created_at: now,
    ts: now,
    reason: null,
  };
  return newEvent('message.delivered', { companyId, subject: messageId, data });
}
