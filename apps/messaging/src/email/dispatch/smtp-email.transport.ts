import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import type { SMTPSentMessageInfo } from 'nodemailer';
import type { EmailTransport, TransportResult } from './email-transport';

/** The relay's address without its credentials, for logs and readiness details. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** Hands emails to the configured SMTP relay, one connection per email (no pool to go stale). */
export class SmtpEmailTransport implements EmailTransport {
  readonly description: string;
  private readonly transporter: Transporter<SMTPSentMessageInfo>;

  constructor(url: string, timeoutMs: number) {
    this.description = `SMTP relay ${describeSmtpUrl(url)}`;
    this.transporter = createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      // Never log message contents or credentials.
      logger: false,
      debug: false,
    });
  }

  async deliver(message: SendMailOptions, signal: AbortSignal): Promise<TransportResult> {
    const info = await this.transporter.sendMail({ ...message, signal });
    return { outcome: 'sent', response: info.response };
  }

  close(): void {
    this.transporter.close();
  }
}
