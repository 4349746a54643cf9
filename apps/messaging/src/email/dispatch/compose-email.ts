import type { SendMailOptions } from 'nodemailer';
import type { EmailSendEntity } from '../sends/email-send.entity';

/**
 * The nodemailer message of a stored send. The envelope is explicit (MAIL FROM the sender,
 * RCPT TO the one recipient) so nothing in the headers can add a recipient, and the Message-ID
 * is the send's own, the same on every attempt, so a relay or recipient seeing a retry can tell.
 */
export function composeEmail(
  send: Pick<EmailSendEntity, 'fromAddress' | 'fromName' | 'toAddress' | 'subject' | 'text' | 'attachments' | 'messageId'>,
): SendMailOptions {
  return {
    from: send.fromName ? { name: send.fromName, address: send.fromAddress } : send.fromAddress,
    to: send.toAddress,
    envelope: { from: send.fromAddress, to: [send.toAddress] },
    subject: send.subject,
    text: send.text,
    messageId: send.messageId,
    attachments: send.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.content_type,
      content: attachment.content,
      encoding: 'base64',
    })),
    // One plain-text part, no HTML; a relay that signs (DKIM) does so downstream.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
