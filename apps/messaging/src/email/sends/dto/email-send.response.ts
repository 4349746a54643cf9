import type { EmailSendEntity } from '../email-send.entity';

/** Public statuses: `sending` (claimed, being handed over) shows as `queued`. */
export type PublicEmailStatus = 'queued' | 'sent' | 'failed' | 'captured';

/** The email send response (the spec does not show one; decision 0013 defines it). */
export interface EmailSendResponse {
  id: string;
  status: PublicEmailStatus;
  request_key: string;
  domain_id: string;
  mailbox_id: string | null;
  from: { address: string; name: string | null };
  to: string;
  subject: string;
  attachments: Array<{ filename: string; content_type: string; size: number }>;
  message_id: string;
  attempts: number;
  error: string | null;
  created_at: string;
  sent_at: string | null;
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
