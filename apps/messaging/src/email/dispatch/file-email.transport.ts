import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import type { StreamSentMessageInfo } from 'nodemailer';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmailTransport, TransportResult } from './email-transport';

/**
 * The default when MESSAGING_SMTP_URL is unset (embedded `npm start` has no relay): each email
 * is rendered exactly as it would go over SMTP and written to `<dir>/<send id>.eml`, and the
 * send ends `captured` — never `sent`, because nothing was delivered.
 */
export class FileEmailTransport implements EmailTransport {
  readonly description: string;
  private readonly transporter: Transporter<StreamSentMessageInfo>;
  private readonly directory: string;

  constructor(directory: string) {
    this.directory = path.resolve(directory);
    this.description = `files in ${this.directory} (no SMTP relay configured: nothing is delivered)`;
    this.transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async deliver(message: SendMailOptions, signal: AbortSignal): Promise<TransportResult> {
    const info = await this.transporter.sendMail({ ...message, signal });
    const raw = info.message as Buffer;
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    // The Message-ID (<send id@domain>) names the file; write-then-rename so a reader never sees half a file.
    const name = `${String(info.messageId)
      .replace(/^<|>$/g, '')
      .replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
    const file = path.join(this.directory, name);
    await writeFile(`${file}.tmp`, raw, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return { outcome: 'captured', response: `written to ${file}` };
  }

  close(): void {
    this.transporter.close();
  }
}
