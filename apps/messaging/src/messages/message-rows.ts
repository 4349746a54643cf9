import type { MessageChannel, MessageEffect, MessageSender } from '@suite/contracts';
import { initialStatus } from '@suite/message-status';
import type { MessageEntity } from './message.entity';

export interface OutboundMessageFields {
  readonly id: string;
  readonly companyId: string;
  /** The pinned sender number. */
  readonly fromNumber: string;
  readonly contactPhone: string;
  readonly body: string;
  readonly sender: MessageSender;
  readonly attachments?: string[];
  readonly effect?: MessageEffect | null;
  readonly bypassWindow?: boolean;
  readonly bypassOptOut?: boolean;
}

/** A new `queued` outbound message, released at once (the scheduler pushes release_after later as needed). */
export function outboundMessageRow(fields: OutboundMessageFields, now: Date): MessageEntity {
  return {
    ...blankRow(now),
    id: fields.id,
    companyId: fields.companyId,
    direction: 'outbound',
    body: fields.body,
    status: initialStatus('create'),
    fromNumber: fields.fromNumber,
    contactPhone: fields.contactPhone,
    sender: fields.sender,
    attachments: fields.attachments ?? [],
    effect: fields.effect ?? null,
    bypassWindow: fields.bypassWindow ?? false,
    bypassOptOut: fields.bypassOptOut ?? false,
  };
}

export interface InboundMessageFields {
  readonly id: string;
  readonly companyId: string;
  /** The workspace's number written to. */
  readonly workspaceNumber: string;
  /** The person who wrote. */
  readonly contactPhone: string;
  readonly body: string;
  readonly channel: MessageChannel | null;
  readonly carrierMessageId: string;
  /** The carrier's time of the message (the API's `ts`). */
  readonly carrierTs: Date;
  /** The media the person sent, as the provider's URLs (Twilio MediaUrl0..n, Sendblue media_url). */
  readonly attachments?: readonly string[];
}

/** A `received` inbound message: no author (`sender` null), nothing for the scheduler to do. */
export function inboundMessageRow(fields: InboundMessageFields, now: Date): MessageEntity {
  return {
    ...blankRow(now),
    id: fields.id,
    companyId: fields.companyId,
    direction: 'inbound',
    channel: fields.channel,
    body: fields.body,
    status: initialStatus('receive'),
    fromNumber: fields.workspaceNumber,
    contactPhone: fields.contactPhone,
    carrierMessageId: fields.carrierMessageId,
    carrierTs: fields.carrierTs,
    attachments: [...(fields.attachments ?? [])],
  };
}

function blankRow(now: Date): Omit<MessageEntity, 'id' | 'companyId' | 'direction' | 'body' | 'status' | 'contactPhone'> {
  return {
    channel: null,
    fromNumber: null,
    sender: null,
    attachments: [],
    effect: null,
    bypassWindow: false,
    bypassOptOut: false,
    releaseAfter: now,
    claimedAt: null,
    handedOverAt: null,
    sendAttempts: 0,
    carrierMessageId: null,
    carrierTs: null,
    failureReason: null,
    sentAt: null,
    deliveredAt: null,
    receiptCheckedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}
