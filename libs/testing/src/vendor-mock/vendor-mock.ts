import http, { type IncomingHttpHeaders } from 'node:http';
import { PrismServer, type PrismServerOptions } from './prism-server';
import type { VendorDescriptionName } from './vendor-descriptions';
import { closeServer, listenOnLoopback, loopbackUrl } from '../http/loopback-server';

/** One request the adapter under test made, as it reached the mock. */
export interface RecordedRequest {
  readonly method: string;
  /** Path without the query. */
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** Prism's verdict: true when the description refused the request (422, 401, 404 …). */
  readonly refusedByDescription: boolean;
  /** Prism's status for it (before any stub). */
  readonly prismStatus: number;
  /** When it reached the mock (ms since the epoch). */
  readonly receivedAt: number;
  /** The body read as an HTML form (Twilio's requests). */
  form(): URLSearchParams;
  /** The body read as JSON (Retell's requests); undefined when it is not JSON. */
  json(): unknown;
}

/** What Prism answered a valid request (its described example, or a generated one). */
export interface PrismAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  json(): unknown;
}

/** What a stub answers instead; a plain object body is sent as JSON. */
export interface StubAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * A test's say over a request the description accepted: undefined keeps Prism's answer; an answer
 * replaces it (an error the description does not list, a provider id that must be unique, a
 * dropped connection with `'drop'`). It may be async: an answer that comes late (the provider's
 * webhook overtaking its own answer).
 */
export type VendorStub = (
  request: RecordedRequest,
  prism: PrismAnswer,
) => StubAnswer | 'drop' | undefined | Promise<StubAnswer | 'drop' | undefined>;

export interface VendorMockOptions {
  stub?: VendorStub;
  prism?: PrismServerOptions;
}

/**
 * A provider as the adapter sees it: every request first goes to Prism, which validates it
 * against the provider's published description; a refused request gets Prism's refusal as is (so
 * a malformed request fails the test the way it would fail at the provider), an accepted one gets
 * Prism's answer or the stub's. Every request is recorded in `requests`.
 */
export class VendorMock {
  readonly requests: RecordedRequest[] = [];
  private stub: VendorStub | undefined;

  private constructor(
    private readonly prism: PrismServer,
    private readonly server: http.Server,
    options: VendorMockOptions,
  ) {
    this.stub = options.stub;
  }

  static async start(description: VendorDescriptionName, options: VendorMockOptions = {}): Promise<VendorMock> {
    const prism = await PrismServer.start(description, options.prism);
    const server = http.createServer();
    const mock = new VendorMock(prism, server, options);
    server.on('request', (request, response) => {
      mock.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`vendor mock failed: ${String(error)}`);
      });
    });
    await listenOnLoopback(server);
    return mock;
  }

  /** Base URL the adapter under test is configured with. */
  get url(): string {
    return loopbackUrl(this.server);
  }

  setStub(stub: VendorStub | undefined): void {
    this.stub = stub;
  }

  /** The recorded requests to a path (exact, or matching a pattern). */
  requestsTo(pathname: string | RegExp, method?: string): RecordedRequest[] {
    return this.requests.filter(
      (r) =>
        (typeof pathname === 'string' ? r.pathname === pathname : pathname.test(r.pathname)) && (!method || r.method === method),
    );
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
    await this.prism.stop();
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const body = await readBody(request);
    const target = new URL(request.url ?? '/', this.prism.url);
    const prism = await forward(target, request, body);
    const refused = isPrismRefusal(prism);
    const recorded = record(request, target, body, refused, prism.status, receivedAt);
    this.requests.push(recorded);

    const answer = refused ? undefined : await this.stub?.(recorded, prism);
    if (answer === 'drop') {
      request.socket.destroy();
      return;
    }
    if (answer) {
      const isText = typeof answer.body === 'string' || Buffer.isBuffer(answer.body);
      const payload = answer.body === undefined ? '' : isText ? answer.body : JSON.stringify(answer.body);
      const type = isText ? 'text/plain' : 'application/json';
      response.writeHead(answer.status, { 'content-type': type, ...answer.headers }).end(payload);
      return;
    }
    const headers = { ...prism.headers };
    delete headers['transfer-encoding'];
    delete headers['content-length'];
    response.writeHead(prism.status, headers).end(prism.body);
  }
}

/**
 * Prism's refusals: its own RFC 7807 problems (a described answer never is one in these
 * descriptions) — or, where the operation documents the refusal's status (Retell's 422), the
 * described example with the violations in Prism's `sl-violations` header.
 */
function isPrismRefusal(answer: PrismAnswer): boolean {
  if (answer.status < 400) return false;
  if (String(answer.headers['content-type'] ?? '').includes('application/problem+json')) return true;
  const violations = answer.headers['sl-violations'];
  if (typeof violations !== 'string') return false;
  try {
    return (JSON.parse(violations) as Array<{ severity?: string }>).some((violation) => violation.severity === 'Error');
  } catch {
    return true;
  }
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

async function forward(target: URL, request: http.IncomingMessage, body: Buffer): Promise<PrismAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host' || name === 'connection' || name === 'content-length') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const answer = await fetch(target, {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
  });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const answerHeaders: IncomingHttpHeaders = Object.fromEntries(answer.headers.entries());
  return { status: answer.status, headers: answerHeaders, body: bytes, json: () => parseJson(bytes) };
}

function record(
  request: http.IncomingMessage,
  target: URL,
  body: Buffer,
  refusedByDescription: boolean,
  prismStatus: number,
  receivedAt: number,
): RecordedRequest {
  return {
    method: request.method ?? 'GET',
    pathname: target.pathname,
    query: target.searchParams,
    headers: request.headers,
    body,
    refusedByDescription,
    prismStatus,
    receivedAt,
    form: () => new URLSearchParams(body.toString('utf8')),
    json: () => parseJson(body),
  };
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
