import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAllowedCidrs } from '../targets/address-policy';
import { TargetGuard } from '../targets/target-guard';
import { TargetResolver, type ResolvedAddress } from '../targets/target-resolver';
import { RESPONSE_BODY_LIMIT, sendWebhook, WEBHOOK_USER_AGENT } from './send-webhook';
import { WebhookSender } from './webhook-sender';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A server on 127.0.0.1 answering with `handler`; records what it received. */
async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void, host = '127.0.0.1') {
  const received: Received[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      handler(req, res);
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Server = Awaited<ReturnType<typeof serve>>;
const servers: Server[] = [];
const start = async (handler: Parameters<typeof serve>[0], host?: string) => {
  const server = await serve(handler, host);
  servers.push(server);
  return server;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const body = Buffer.from('{"kind":"message.delivered"}');
const send = (port: number, timeoutMs = 2000, path = '/hook') =>
  sendWebhook({
    url: `http://hooks.test:${port}${path}`,
    pinnedAddress: '127.0.0.1',
    headers: { 'webhook-id': 'wh_1' },
    body,
    timeoutMs,
  });

describe('sendWebhook (against servers on 127.0.0.1)', () => {
  it('posts the body to the pinned address with the host name in Host, and reports a 2xx', async () => {
    const server = await start((_req, res) => res.writeHead(202).end('accepted'));
    const result = await send(server.port);
    expect(result).toMatchObject({ statusCode: 202, responseBody: 'accepted', error: null, retryAfterMs: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [got] = server.received;
    expect(got).toMatchObject({ method: 'POST', url: '/hook', body: body.toString() });
    expect(got!.headers).toMatchObject({
      host: `hooks.test:${server.port}`,
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': 'wh_1',
    });
  });

  it('reports a redirect without following it', async () => {
    const server = await start((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end());
    const result = await send(server.port);
    expect(result).toMatchObject({ statusCode: 302, error: null });
    expect(server.received).toHaveLength(1);
  });

  it('gives up on a server that never answers within about the timeout', async () => {
    const server = await start(() => undefined);
    const started = Date.now();
    const result = await send(server.port, 300);
    const took = Date.now() - started;
    expect(result).toMatchObject({ statusCode: null, error: 'timed out after 300 ms' });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
  });

  it('times out a body that trickles, keeping the status', async () => {
    const server = await start((_req, res) => {
      res.writeHead(200);
      res.write('a');
    });
    const result = await send(server.port, 300);
    expect(result).toMatchObject({ statusCode: 200, error: 'timed out after 300 ms', responseBody: 'a' });
  });

  it('reads 4 KB of a 1 MB answer and hangs up', async () => {
    const server = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(1024 * 1024));
    });
    const result = await send(server.port);
    expect(result.statusCode).toBe(200);
    expect(result.responseBody).toHaveLength(RESPONSE_BODY_LIMIT);
    expect(result.error).toBeNull();
  });

  it('returns within the timeout from an endless answer, with its first 4 KB', async () => {
    let written = 0;
    const server = await start((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'y');
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const result = await send(server.port, 2000);
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(result.responseBody).toBe('y'.repeat(RESPONSE_BODY_LIMIT));
    expect(result.durationMs).toBeLessThan(2000);
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('returns an error for a header node refuses, never throwing', async () => {
    const result = await sendWebhook({
      url: 'http://hooks.test:1/',
      pinnedAddress: '127.0.0.1',
      headers: { 'x-bad': 'a\r\nx-injected: 1' },
      body,
      timeoutMs: 1000,
    });
    expect(result.statusCode).toBeNull();
    expect(result.error).toContain('x-bad');
  });

  it.each([
    [429, '30', 30_000],
    [503, new Date(Date.now() + 60_000).toUTCString(), 60_000],
    [500, '30', null],
  ])('reads Retry-After of a %d', async (status, header, expected) => {
    const server = await start((_req, res) => res.writeHead(status, { 'retry-after': header }).end());
    const result = await send(server.port);
    expect(result.statusCode).toBe(status);
    if (expected === null) expect(result.retryAfterMs).toBeNull();
    else expect(Math.abs(result.retryAfterMs! - expected)).toBeLessThanOrEqual(3000); // an HTTP date has whole seconds
  });

  it('speaks TLS to the pinned address for https, without looking the name up', async () => {
    const server = await start((_req, res) => res.writeHead(200).end());
    const result = await sendWebhook({
      url: `https://hooks.test:${server.port}/`,
      pinnedAddress: '127.0.0.1',
      headers: {},
      body,
      timeoutMs: 2000,
    });
    // A plain-http server: the handshake fails there, not at a lookup of hooks.test (ENOTFOUND).
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/SSL|TLS|EPROTO|socket/i);
    expect(result.error).not.toContain('ENOTFOUND');
  });

  it('reports a refused connection as an error, never throwing', async () => {
    const server = await start(() => undefined);
    const port = server.port;
    await server.close();
    servers.length = 0;
    const result = await send(port);
    expect(result.statusCode).toBeNull();
    expect(result.error).toContain('ECONNREFUSED');
  });
});

/** Answers `first` on the first lookup, `later` afterwards: a name that rebinds. */
class RebindingResolver extends TargetResolver {
  lookups = 0;
  constructor(
    private readonly first: ResolvedAddress[],
    private readonly later: ResolvedAddress[],
  ) {
    super();
  }
  async resolve(): Promise<ResolvedAddress[]> {
    this.lookups += 1;
    return this.lookups === 1 ? this.first : this.later;
  }
}

describe('WebhookSender (guard, then send to the checked address)', () => {
  const loopbackAllowed = parseAllowedCidrs(['127.0.0.0/8']);
  const senders: WebhookSender[] = [];
  /** Closes its kept-alive connections after the test. */
  const sending = (sender: WebhookSender) => (senders.push(sender), sender);
  afterEach(() => senders.splice(0).forEach((sender) => sender.onApplicationShutdown()));

  it('keeps a connection alive for the next attempt to the same checked address, never for another', async () => {
    const server = await start((_req, res) => res.writeHead(200).end('ok'), '0.0.0.0');
    const resolver = new RebindingResolver([{ address: '127.0.0.1', family: 4 }], [{ address: '127.0.0.2', family: 4 }]);
    const sender = sending(new WebhookSender(new TargetGuard(resolver, loopbackAllowed), 2000, 4));
    const url = `http://hooks.test:${server.port}/in`;
    for (let i = 0; i < 3; i++) expect(await sender.send({ url, headers: {}, body })).toMatchObject({ statusCode: 200 });
    expect(server.received).toHaveLength(3);
    // 127.0.0.1 once; then the name moved to 127.0.0.2: a new connection, reused for the third.
    expect(server.connections()).toBe(2);
  });

  it('connects to the address it checked, however the name answers afterwards', async () => {
    const server = await start((_req, res) => res.writeHead(204).end());
    const resolver = new RebindingResolver([{ address: '127.0.0.1', family: 4 }], [{ address: '192.0.2.1', family: 4 }]);
    const sender = sending(new WebhookSender(new TargetGuard(resolver, loopbackAllowed), 2000, 4));
    const result = await sender.send({ url: `http://rebind.test:${server.port}/in`, headers: {}, body });
    expect(result).toMatchObject({ statusCode: 204, error: null });
    expect(resolver.lookups).toBe(1);
    expect(server.received[0]!.headers.host).toBe(`rebind.test:${server.port}`);
  });

  it('pins an IPv6 address too', async () => {
    const server = await start((_req, res) => res.writeHead(204).end(), '::1').catch(() => undefined);
    if (!server) return; // no IPv6 loopback on this machine
    const resolver = new RebindingResolver([{ address: '::1', family: 6 }], []);
    const sender = sending(new WebhookSender(new TargetGuard(resolver, parseAllowedCidrs(['::1/128'])), 2000, 4));
    const result = await sender.send({ url: `http://hooks6.test:${server.port}/in`, headers: {}, body });
    expect(result).toMatchObject({ statusCode: 204, error: null });
  });

  it('refuses a name that turned private before any connection, with the reason as the error', async () => {
    const server = await start((_req, res) => res.writeHead(204).end());
    const resolver = new RebindingResolver([{ address: '127.0.0.1', family: 4 }], []);
    const sender = sending(new WebhookSender(new TargetGuard(resolver, []), 2000, 4));
    const result = await sender.send({ url: `https://hooks.test:${server.port}/in`, headers: {}, body });
    expect(result).toMatchObject({
      statusCode: null,
      error:
        'target refused: hooks.test resolves to 127.0.0.1, a loopback address (this machine); webhooks are only sent to public addresses',
    });
    expect(server.connections()).toBe(0);
  });
});
