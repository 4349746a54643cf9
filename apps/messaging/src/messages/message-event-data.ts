import type { EventType, MessageEventData } from '@suite/contracts';
import { publicStatus, type MessageStatus } from '@suite/message-status';
import { messageAddresses } from './message-addresses';
import type { MessageEntity } from './message.entity';
import { messageTs } from './message-ts';

/** Statuses whose `reason` the row's failure_reason explains. */
const WITH_REASON: ReadonlySet<MessageStatus> = new Set(['failed', 'cancelled', 'no_channel']);

/**
 * The payload of every `messaging.message.v1` event, built from the row as committed. Every
 * emitter (API, scheduler, carrier callbacks, inbound) uses this one mapper, so a subscriber sees
 * the same shape whatever caused the event.
 */
export function messageEventData(row: MessageEntity): MessageEventData {
  const status = publicStatus(row.status);
  return {
    message_id: row.id,
    company_id: row.companyId,
    direction: row.direction,
    channel: row.channel,
    status,
    ...messageAddresses(row),
    contact_phone: row.contactPhone,
    body: row.body,
    sender: row.sender,
    attachments: [...row.attachments],
    effect: row.effect,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    ts: messageTs(row).toISOString(),
    reason: WITH_REASON.has(row.status) ? row.failureReason : null,
  };
}

type MessageEventType = Extract<EventType, `message.${string}`>;

/**
 * The event announcing that a message reached `status`; null for the internal `sending` (a claim
 * is not news: the public status stays `queued`).
 */
export function messageEventType(status: MessageStatus): MessageEventType | null {
  switch (status) {
    case 'sending':
      return null;
    case 'queued':
      return 'message.queued';
    case 'sent':
      return 'message.sent';
    case 'delivered':
      return 'message.delivered';
    case 'failed':
      return 'message.failed';
    case 'cancelled':
      return 'message.cancelled';
    case 'received':
      return 'message.received';
    case 'no_channel':
      return 'message.no_channel';
  }
}
