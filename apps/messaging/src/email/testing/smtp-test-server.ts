import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  mailFrom: string;
  rcptTo: string[];
  /** The message as it came over DATA (CRLF line ends). */
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 for tests (the `smtp-server` package): no TLS, no auth, keeps
 * what it receives. It can be stopped and started again on the same port, to play a relay outage.
 * Recipients whose local part is `reject` are refused with 550 (a permanent failure).
 */
export class SmtpTestServer {
  readonly received: ReceivedEmail[] = [];
  private server: SMTPServer | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 40 * 1024 * 1024,
      onRcptTo: (address, _session, callback) => {
        if (address.address.startsWith('reject@')) {
          return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const envelope = session.envelope;
          this.received.push({
            mailFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
            rcptTo: envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages whose Message-ID header is `messageId`. */
  withMessageId(messageId: string): ReceivedEmail[] {
    return this.received.filter((email) => headerOf(email.raw, 'message-id') === messageId);
  }
}

/** Unfolded top-level header `name` of a raw message (first occurrence). */
export function headerOf(raw: string, name: string): string | undefined {
  return headersOf(raw.split(/\r?\n\r?\n/)[0] ?? '').get(name.toLowerCase());
}

export function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(key)) headers.set(key, line.slice(colon + 1).trim());
  }
  return headers;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?..?= / =?UTF-8?Q?..?=); adjacent words join without the space. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

export interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** The parts of a multipart message (one level), each with its headers and raw body. */
export function mimePartsOf(raw: string): MimePart[] {
  const contentType = headerOf(raw, 'content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head, ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      return { headers: headersOf(head ?? ''), body: rest.join('\r\n\r\n').replace(/\r?\n$/, '') };
    });
}
