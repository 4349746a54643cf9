import { ApiProperty } from '@nestjs/swagger';
import type { EmailSendEntity } from '../email-send.entity';

/** Public statuses: `sending` (claimed, being handed over) shows as `queued`. */
export const PUBLIC_EMAIL_STATUSES = ['queued', 'sent', 'failed', 'captured'] as const;
export type PublicEmailStatus = (typeof PUBLIC_EMAIL_STATUSES)[number];

class EmailSenderResponse {
  @ApiProperty({ example: 'sales@mail.acme.test' }) address!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
}

class EmailAttachmentResponse {
  @ApiProperty() filename!: string;
  @ApiProperty() content_type!: string;
  @ApiProperty({ type: 'integer', description: 'bytes, decoded' }) size!: number;
}

/** The email send response (the spec does not show one; decision 0013 defines it). */
export class EmailSendResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: PUBLIC_EMAIL_STATUSES }) status!: PublicEmailStatus;
  @ApiProperty() request_key!: string;
  @ApiProperty({ format: 'uuid' }) domain_id!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) mailbox_id!: string | null;
  @ApiProperty({ type: EmailSenderResponse }) from!: EmailSenderResponse;
  @ApiProperty() to!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ type: [EmailAttachmentResponse] }) attachments!: EmailAttachmentResponse[];
  @ApiProperty({ description: 'the Message-ID header' }) message_id!: string;
  @ApiProperty({ type: 'integer' }) attempts!: number;
  @ApiProperty({ type: String, nullable: true, description: 'the last delivery error' }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sent_at!: string | null;
}

export const publicEmailStatus = (status: EmailSendEntity['status']): PublicEmailStatus =>
  status === 'sending' ? 'queued' : status;

export const mapEmailSend = (send: EmailSendEntity): EmailSendResponse => ({
  id: send.id,
  status: publicEmailStatus(send.status),
  request_key: send.requestKey,
  domain_id: send.domainId,
  mailbox_id: send.mailboxId,
  from: { address: send.fromAddress, name: send.fromName },
  to: send.toAddress,
  subject: send.subject,
  attachments: send.attachments.map(({ filename, content_type, size }) => ({ filename, content_type, size })),
  message_id: send.messageId,
  attempts: send.attempts,
  error: send.lastError,
  created_at: send.createdAt.toISOString(),
  sent_at: send.sentAt?.toISOString() ?? null,
});
