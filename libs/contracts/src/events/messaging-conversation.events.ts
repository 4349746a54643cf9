import { MESSAGE_CHANNELS, type MessageChannel } from './messaging-message.events';
import { payloadSchema } from './payload-schema';

/**
 * Payload of `conversation.replied` on `messaging.conversation.v1`: an inbound message on a
 * conversation that had outbound messages (feeds the `sms.replied` webhook).
 * Subject: `<company_id>:<contact_phone>`.
 */
export interface ConversationRepliedData {
  company_id: string;
  contact_phone: string;
  /** The workspace number the reply was sent to. */
  from_number: string | null;
  /** The inbound message. */
  message_id: string;
  /** The latest outbound message of the conversation before the reply. */
  replied_to_message_id: string;
  body: string;
  /**
   * The channel the reply came on (what `sms.replied` reports). Optional: events written before it
   * was added carry none, and a consumer reads that as unknown (null).
   */
  channel?: MessageChannel | null;
  received_at: string;
}

const e164 = '^\\+[1-9][0-9]{6,14}$';

export const conversationRepliedSchema = payloadSchema<ConversationRepliedData>({
  properties: {
    company_id: { type: 'string', pattern: '^[0-9]+$' },
    contact_phone: { type: 'string', pattern: e164 },
    from_number: { type: ['string', 'null'], pattern: e164 },
    message_id: { type: 'string', format: 'uuid' },
    replied_to_message_id: { type: 'string', format: 'uuid' },
    body: { type: 'string' },
    channel: { type: ['string', 'null'], pattern: `^(${MESSAGE_CHANNELS.join('|')})$` },
    received_at: { type: 'string', format: 'date-time' },
  },
  required: ['company_id', 'contact_phone', 'from_number', 'message_id', 'replied_to_message_id', 'body', 'received_at'],
});
