import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { closeServer, listenOnLoopback, loopbackUrl } from '../http/loopback-server';

/**
 * Sendblue has no published API description, so its adapter is proven against this fake, written
 * from the official SDK's types (npm `sendblue` 3.17.0: `resources/messages`, `resources/lookups`)
 * and Sendblue's documented webhook payloads: the four endpoints the adapter uses, the SDK's
 * headers, and a refusal (400/401, `refusedByDescription`) for any request the SDK's types do not
 * allow. A test's `stub` may answer an accepted request instead (429, 5xx, 'drop').
 */
export const SENDBLUE_SEND_STYLES = [
  'celebration',
  'shooting_star',
  'fireworks',
  'lasers',
  'love',
  'confetti',
  'balloons',
  'spotlight',
  'echo',
  'invisible',
  'gentle',
  'loud',
  'slam',
] as const;

/** `MessageSendParams` of the SDK (the fields the fake accepts; App Cards, replies and seats are not faked). */
const SEND_FIELDS = new Set(['from_number', 'number', 'content', 'media_url', 'send_style', 'status_callback']);
const E164 = /^\+[1-9]\d{6,14}$/;

export interface SendblueFakeRequest {
  readonly method: string;
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
  /** The fake refused it as the SDK's types would not allow it (or without the SDK's credentials). */
  readonly refusedByDescription: boolean;
  readonly status: number;
  /** When it reached the fake (ms since the epoch). */
  readonly receivedAt: number;
}

/** A message the fake accepted, as Sendblue keeps it. */
export interface SendblueFakeMessage {
  readonly message_handle: string;
  readonly from_number: string;
  readonly number: string;
  readonly content: string;
  readonly media_url?: string;
  readonly send_style?: string;
  readonly status_callback?: string;
  status: 'QUEUED' | 'SENT' | 'DELIVERED' | 'ERROR';
  readonly date_created: string;
}

type SendblueStubAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'drop' | undefined;
/** A test's answer instead of the fake's (undefined keeps it); may be async, to answer late. */
export type SendblueStub = (request: SendblueFakeRequest) => SendblueStubAnswer | Promise<SendblueStubAnswer>;

export interface SendblueFakeOptions {
  readonly apiKeyId: string;
  readonly apiSecret: string;
  /** What `sb-signing-secret` carries on the webhooks `webhook()` builds. */
  readonly signingSecret: string;
  /** evaluate-service's answer for a number; default iMessage. */
  readonly service?: (number: string) => 'iMessage' | 'SMS';
}

export class SendblueFake {
  readonly requests: SendblueFakeRequest[] = [];
  readonly messages: SendblueFakeMessage[] = [];
  stub: SendblueStub | undefined;
  private readonly server = http.createServer((request, response) => {
    this.handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });

  private constructor(readonly options: SendblueFakeOptions) {}

  static async start(options: SendblueFakeOptions): Promise<SendblueFake> {
    const fake = new SendblueFake(options);
    await listenOnLoopback(fake.server);
    return fake;
  }

  get url(): string {
    return loopbackUrl(this.server);
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  /**
   * The webhook Sendblue would post about `message` (its documented outbound payload): the path
   * and query of its status_callback, the sb-signing-secret header and the JSON body.
   */
  webhook(
    message: SendblueFakeMessage,
    update: { status: 'SENT' | 'DELIVERED' | 'ERROR'; was_downgraded?: boolean; error_code?: number; error_message?: string },
  ): { path: string; headers: Record<string, string>; body: string } {
    message.status = update.status;
    const target = new URL(message.status_callback ?? 'http://unset/');
    const body = {
      accountEmail: 'owner@example.com',
      content: message.content,
      is_outbound: true,
      status: update.status,
      error_code: update.error_code ?? null,
      error_message: update.error_message ?? null,
      error_reason: null,
      message_handle: message.message_handle,
      date_sent: message.date_created,
      date_updated: new Date().toISOString(),
      from_number: message.from_number,
      number: message.number,
      to_number: message.number,
      was_downgraded: update.was_downgraded ?? false,
      plan: 'blue',
      media_url: message.media_url ?? '',
      message_type: 'message',
      service: 'iMessage',
      sendblue_number: message.from_number,
    };
    return {
      path: target.pathname + target.search,
      headers: { 'sb-signing-secret': this.options.signingSecret },
      body: JSON.stringify(body),
    };
  }

  /** Sendblue's documented inbound payload (`is_outbound: false`) for a person writing to a line (with a picture: `mediaUrl`). */
  inbound(
    from: string,
    line: string,
    content: string,
    mediaUrl = '',
  ): { headers: Record<string, string>; body: string; handle: string } {
    const handle = randomUUID();
    const body = {
      accountEmail: 'owner@example.com',
      content,
      is_outbound: false,
      status: 'RECEIVED',
      message_handle: handle,
      date_sent: new Date().toISOString(),
      date_updated: new Date().toISOString(),
      from_number: from,
      number: from,
      to_number: line,
      sendblue_number: line,
      media_url: mediaUrl,
      message_type: 'message',
      service: 'iMessage',
      was_downgraded: false,
    };
    return { headers: { 'sb-signing-secret': this.options.signingSecret }, body: JSON.stringify(body), handle };
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.url);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const answer = this.answer(request, url, body);
    const recorded: SendblueFakeRequest = {
      method: request.method ?? 'GET',
      pathname: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
      refusedByDescription: answer.refused,
      status: answer.status,
      receivedAt,
    };
    this.requests.push(recorded);
    const stubbed = answer.refused ? undefined : await this.stub?.(recorded);
    // A send the stub refuses (429, 5xx) never reached Sendblue's queue: it keeps no such message.
    if (typeof stubbed === 'object' && stubbed.status >= 400 && recorded.pathname === '/api/send-message') {
      const handle = (answer.body as { message_handle?: string }).message_handle;
      const index = this.messages.findIndex((message) => message.message_handle === handle);
      if (index >= 0) this.messages.splice(index, 1);
    }
    if (stubbed === 'drop') {
      request.socket.destroy();
      return;
    }
    const final = stubbed ?? answer;
    response
      .writeHead(final.status, { 'content-type': 'application/json', ...(final.headers ?? {}) })
      .end(JSON.stringify(final.body ?? {}));
  }

  private answer(
    request: http.IncomingMessage,
    url: URL,
    body: unknown,
  ): { status: number; body: unknown; refused: boolean; headers?: Record<string, string> } {
    const refuse = (status: number, message: string) => ({ status, body: { status: 'ERROR', message }, refused: true });
    if (
      request.headers['sb-api-key-id'] !== this.options.apiKeyId ||
      request.headers['sb-api-secret-key'] !== this.options.apiSecret
    )
      return refuse(401, 'Unauthorized: sb-api-key-id and sb-api-secret-key are required');
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /api/evaluate-service') {
      const number = url.searchParams.get('number') ?? '';
      if (!E164.test(number)) return refuse(400, 'number must be E.164');
      return { status: 200, body: { number, service: (this.options.service ?? (() => 'iMessage'))(number) }, refused: false };
    }
    if (route === 'POST /api/send-message') {
      const problem = sendProblem(body, request.headers['content-type']);
      if (problem) return refuse(400, problem);
      const params = body as Record<string, string>;
      const message: SendblueFakeMessage = {
        message_handle: randomUUID(),
        from_number: params.from_number!,
        number: params.number!,
        content: params.content ?? '',
        ...(params.media_url ? { media_url: params.media_url } : {}),
        ...(params.send_style ? { send_style: params.send_style } : {}),
        ...(params.status_callback ? { status_callback: params.status_callback } : {}),
        status: 'QUEUED',
        date_created: new Date().toISOString(),
      };
      this.messages.push(message);
      return { status: 202, body: { ...message, accountEmail: 'owner@example.com', is_outbound: true }, refused: false };
    }
    if (route === 'GET /api/status') {
      const message = this.messages.find((candidate) => candidate.message_handle === url.searchParams.get('handle'));
      if (!url.searchParams.get('handle')) return refuse(400, 'handle is required');
      return message
        ? { status: 200, body: message, refused: false }
        : { status: 404, body: { status: 'ERROR' }, refused: false };
    }
    if (route === 'GET /api/v2/messages') {
      const number = url.searchParams.get('number');
      const line = url.searchParams.get('sendblue_number');
      const since = url.searchParams.get('created_at_gte');
      const data = this.messages.filter(
        (message) =>
          (!number || message.number === number) &&
          (!line || message.from_number === line) &&
          (!since || message.date_created >= since),
      );
      return { status: 200, body: { status: 'OK', data: data.reverse(), pagination: { total: data.length } }, refused: false };
    }
    return refuse(404, `no route ${route}`);
  }
}

/** Why the SDK's `MessageSendParams` would not allow this body (null: it would). */
function sendProblem(body: unknown, contentType: string | undefined): string | null {
  if (!String(contentType).includes('application/json')) return 'content-type must be application/json';
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be a JSON object';
  const params = body as Record<string, unknown>;
  for (const key of Object.keys(params)) if (!SEND_FIELDS.has(key)) return `unknown field ${key}`;
  if (typeof params.from_number !== 'string' || !E164.test(params.from_number)) return 'from_number is required (E.164)';
  if (typeof params.number !== 'string' || !E164.test(params.number)) return 'number is required (E.164)';
  if (params.content === undefined && params.media_url === undefined) return 'content or media_url is required';
  if (params.content !== undefined && typeof params.content !== 'string') return 'content must be a string';
  if (params.media_url !== undefined && (typeof params.media_url !== 'string' || !/^https?:\/\//.test(params.media_url)))
    return 'media_url must be a URL';
  if (params.send_style !== undefined && !(SENDBLUE_SEND_STYLES as readonly unknown[]).includes(params.send_style))
    return 'send_style is not one of the documented styles';
  if (
    params.status_callback !== undefined &&
    (typeof params.status_callback !== 'string' || !/^https?:\/\//.test(params.status_callback))
  )
    return 'status_callback must be a URL';
  return null;
}
