import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a TestReceiver got: when its body had arrived (ms, Date.now()). */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How a path answers: it gets the request and its response; not calling `res.end` holds the request open. */
export type ReceiverAnswer = (request: ReceivedRequest, res: ServerResponse) => void;

/** The default answer: 200 `ok`. */
export const answerOk: ReceiverAnswer = (_request, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
};

/** Holds the request open: no answer until the sender gives up (or the receiver closes). */
export const answerNever: ReceiverAnswer = () => undefined;

/**
 * A webhook endpoint on 127.0.0.1 for integration specs: it records every request (path, headers,
 * body, arrival time) and answers per path (200 unless told otherwise); it counts the requests
 * open at once per path, so a spec can assert a cap on concurrent requests.
 */
export class TestReceiver {
  readonly received: ReceivedRequest[] = [];
  private readonly answers = new Map<string, ReceiverAnswer>();
  private readonly open = new Map<string, number>();
  private readonly maxOpen = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<TestReceiver> {
    const server = createServer();
    const receiver = new TestReceiver(server);
    server.on('request', (req, res) => {
      const path = req.url ?? '';
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = { path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        receiver.received.push(request);
        const open = (receiver.open.get(path) ?? 0) + 1;
        receiver.open.set(path, open);
        receiver.maxOpen.set(path, Math.max(open, receiver.maxOpen.get(path) ?? 0));
        res.once('close', () => receiver.open.set(path, (receiver.open.get(path) ?? 1) - 1));
        (receiver.answers.get(path) ?? answerOk)(request, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** `http://127.0.0.1:<port>`, or the same port under another host name. */
  base(host = '127.0.0.1'): string {
    return `http://${host}:${this.port}`;
  }

  answer(path: string, answer: ReceiverAnswer): void {
    this.answers.set(path, answer);
  }

  hitsOf(path: string): ReceivedRequest[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Requests of the path whose response has not closed yet. */
  openOf(path: string): number {
    return this.open.get(path) ?? 0;
  }

  /** The most requests of the path that were open at once. */
  maxOpenOf(path: string): number {
    return this.maxOpen.get(path) ?? 0;
  }

  /** Closes the listener and every connection, held requests included. */
  async stop(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve));
    this.server.closeAllConnections();
    await closed;
  }
}
