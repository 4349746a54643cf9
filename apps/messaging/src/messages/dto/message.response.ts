import { ApiProperty } from '@nestjs/swagger';
import {
  MESSAGE_CHANNELS,
  MESSAGE_EFFECTS,
  MESSAGE_SENDERS,
  type MessageChannel,
  type MessageDirection,
  type MessageEffect,
  type MessageSender,
} from '@suite/contracts';
import { publicStatus, PUBLIC_MESSAGE_STATUSES, type PublicMessageStatus } from '@suite/message-status';
import { messageAddresses } from '../message-addresses';
import type { MessageEntity } from '../message.entity';
import { messageTs } from '../message-ts';

/** The spec's Message, plus `effect` and `to`. */
export class MessageResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['outbound', 'inbound'] }) direction!: MessageDirection;
  @ApiProperty({ enum: MESSAGE_CHANNELS, nullable: true, description: 'null until the scheduler chooses it' })
  channel!: MessageChannel | null;
  @ApiProperty() body!: string;
  @ApiProperty({ enum: PUBLIC_MESSAGE_STATUSES }) status!: PublicMessageStatus;
  @ApiProperty({ type: String, nullable: true, description: 'outbound: the workspace number; inbound: the contact' })
  from_number!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'outbound: the contact; inbound: the workspace number' }) to!:
    string | null;
  @ApiProperty({ enum: MESSAGE_SENDERS, nullable: true, description: 'author of an outbound message; null for inbound' })
  sender!: MessageSender | null;
  @ApiProperty({ type: [String] }) attachments!: string[];
  @ApiProperty({ enum: MESSAGE_EFFECTS, nullable: true }) effect!: MessageEffect | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) sent_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** A message in a list or a conversation: also `ts` and `contact_phone`. */
export class ListedMessageResponse extends MessageResponse {
  @ApiProperty({
    format: 'date-time',
    description: 'carrier time when known, else created_at; lists and conversations are ordered by it (ties by creation)',
  })
  ts!: string;
  @ApiProperty() contact_phone!: string;
}

export class SendMessageResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['queued'] }) status!: PublicMessageStatus;
  @ApiProperty({ description: 'the recipient, E.164' }) to!: string;
}

export class MessageListResponse {
  @ApiProperty({ type: [ListedMessageResponse], description: 'newest first by ts, ties by creation (latest created first)' })
  messages!: ListedMessageResponse[];
}

export class ConversationResponse {
  @ApiProperty({ description: 'the contact, E.164' }) phone!: string;
  @ApiProperty({ type: [ListedMessageResponse], description: 'oldest first by ts, ties by creation' })
  messages!: ListedMessageResponse[];
}

export const mapMessage = (row: MessageEntity): MessageResponse => ({
  id: row.id,
  direction: row.direction,
  channel: row.channel,
  body: row.body,
  status: publicStatus(row.status),
  ...messageAddresses(row),
  sender: row.sender,
  attachments: [...row.attachments],
  effect: row.effect,
  sent_at: row.sentAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export const mapListedMessage = (row: MessageEntity): ListedMessageResponse => ({
  ...mapMessage(row),
  ts: messageTs(row).toISOString(),
  contact_phone: row.contactPhone,
});

export const mapSendResult = (row: MessageEntity): SendMessageResponse => ({
  id: row.id,
  status: publicStatus(row.status),
  to: row.contactPhone,
});
