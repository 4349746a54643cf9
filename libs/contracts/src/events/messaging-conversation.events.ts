import { defineEvent } from './define-event';
import { MESSAGE_CHANNELS, type MessageChannel } from './messaging-message.events';
import { nullable, payload, Type, typedAs, type Static } from './payload-schema';
import { instant, numericId } from './payload-fields';
import { Topics } from './topics';

const e164 = '^\\+[1-9][0-9]{6,14}$';

/**
 * Payload of `conversation.replied` on `messaging.conversation.v1`: an inbound message on a
 * conversation that had outbound messages (feeds the `sms.replied` webhook).
 * Subject: `<company_id>:<contact_phone>`.
 */
export const conversationRepliedSchema = payload({
  company_id: numericId,
  contact_phone: Type.String({ pattern: e164 }),
  /** The workspace number the reply was sent to. */
  from_number: nullable(Type.String({ pattern: e164 })),
  /** The inbound message. */
  message_id: Type.String({ format: 'uuid' }),
  /** The latest outbound message of the conversation before the reply. */
  replied_to_message_id: Type.String({ format: 'uuid' }),
  body: Type.String(),
  /**
   * The channel the reply came on (what `sms.replied` reports). Optional: events written before it
   * was added carry none, and a consumer reads that as unknown (null).
   */
  channel: Type.Optional(typedAs<MessageChannel | null>(nullable(Type.String({ pattern: `^(${MESSAGE_CHANNELS.join('|')})$` })))),
  received_at: instant,
});
export type ConversationRepliedData = Static<typeof conversationRepliedSchema>;

export const MESSAGING_CONVERSATION_EVENTS = [
  defineEvent(
    'conversation.replied',
    Topics.messagingConversation,
    conversationRepliedSchema,
    'An inbound message arrived on a conversation that had outbound messages (feeds sms.replied).',
  ),
] as const;
