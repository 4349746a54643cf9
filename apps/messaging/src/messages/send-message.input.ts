import type { MessageEffect, MessageSender } from '@suite/contracts';

/** A validated POST /v1/messages, as the send path takes it. */
export interface SendMessageInput {
  /** E.164, already normalised. */
  to: string;
  body: string;
  firstName: string | null;
  attachments: string[];
  effect: MessageEffect | null;
  sender: MessageSender;
}
