import type { SendMailOptions } from 'nodemailer';

/** What a transport did with one email. */
export interface TransportResult {
  /** `sent`: a relay accepted it (not: delivered). `captured`: written locally, never delivered. */
  outcome: 'sent' | 'captured';
  /** The relay's final reply, or where the file was written. */
  response: string;
}

/**
 * Where the dispatcher hands emails. Implementations: SMTP through nodemailer to the relay of
 * MESSAGING_SMTP_URL, or .eml files in MESSAGING_MAIL_DIR when no relay is configured.
 * A rejection carries nodemailer's error (with `permanent` for a 5xx reply).
 */
export interface EmailTransport {
  readonly description: string;
  deliver(message: SendMailOptions, signal: AbortSignal): Promise<TransportResult>;
  close(): void;
}

export const EMAIL_TRANSPORT = Symbol('EMAIL_TRANSPORT');
