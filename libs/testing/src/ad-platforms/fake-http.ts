import http from 'node:http';
import { closeServer, loopbackUrl } from '../http/loopback-server';

/** One request as a fake provider sees it. */
export interface FakeRequest {
  readonly method: string;
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** What a fake answers: JSON unless `html` or `location` says otherwise. */
export interface FakeAnswer {
  status: number;
  json?: unknown;
  html?: string;
  location?: string;
  headers?: Record<string, string>;
}

/**
 * A provider stand-in on 127.0.0.1: every request is recorded, then answered by `route`. Small on
 * purpose — the fakes of the ad platforms answer a handful of documented endpoints each.
 */
export class FakeHttpServer {
  readonly requests: FakeRequest[] = [];

  private constructor(private readonly server: http.Server) {}

  static async start(route: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>, port = 0): Promise<FakeHttpServer> {
    const server = http.createServer();
    const fake = new FakeHttpServer(server);
    server.on('request', (incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const url = new URL(incoming.url ?? '/', 'http://fake.invalid');
        const request: FakeRequest = {
          method: incoming.method ?? 'GET',
          pathname: url.pathname,
          query: url.searchParams,
          headers: incoming.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        fake.requests.push(request);
        Promise.resolve()
          .then(() => route(request))
          .then((answer) => send(response, answer))
          .catch((error: unknown) =>
            send(response, { status: 500, json: { error: { message: `fake failed: ${String(error)}` } } }),
          );
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return loopbackUrl(this.server);
  }

  /** The recorded requests to paths matching `pattern`. */
  requestsTo(pattern: RegExp, method?: string): FakeRequest[] {
    return this.requests.filter((request) => pattern.test(request.pathname) && (!method || request.method === method));
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }
}

/**
 * What the fake providers share: one FakeHttpServer answering through `route`, its address and
 * the requests it recorded. A subclass starts with `new Fake(options).listen(port)`.
 */
export abstract class FakeProvider {
  private http: FakeHttpServer | null = null;

  protected abstract route(request: FakeRequest): FakeAnswer | Promise<FakeAnswer>;

  protected async listen(port?: number): Promise<this> {
    this.http = await FakeHttpServer.start((request) => this.route(request), port);
    return this;
  }

  get url(): string {
    return this.server.url;
  }

  get requests(): FakeRequest[] {
    return this.server.requests;
  }

  requestsTo(pattern: RegExp, method?: string): FakeRequest[] {
    return this.server.requestsTo(pattern, method);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private get server(): FakeHttpServer {
    if (!this.http) throw new Error('the fake provider is not listening');
    return this.http;
  }
}

function send(response: http.ServerResponse, answer: FakeAnswer): void {
  const headers: Record<string, string> = { ...answer.headers };
  let body = '';
  if (answer.location) headers.location = answer.location;
  if (answer.html !== undefined) {
    headers['content-type'] = 'text/html; charset=utf-8';
    body = answer.html;
  } else if (answer.json !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(answer.json);
  }
  response.writeHead(answer.status, headers).end(body);
}

/** An HTML form's fields (the consent page's POST). */
export const formOf = (request: FakeRequest): URLSearchParams => new URLSearchParams(request.body);
