import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { headerValue, providerRequest, retryAfterMs, type ProviderFailures } from './provider-http';

class Unavailable extends Error {}
class OutcomeUnknown extends Error {}
const failures: ProviderFailures = {
  unavailable: (message) => new Unavailable(message),
  outcomeUnknown: (message) => new OutcomeUnknown(message),
};

/** A loopback server whose every answer is `handle`'s; the URL of its /v1/thing. */
async function serve(handle: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/thing`, server };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function target(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const { url, server } = await serve(handle);
  servers.push(server);
  return url;
}

const post = (url: string, writes = true) => ({
  method: 'POST' as const,
  url,
  headers: { 'content-type': 'text/plain' },
  body: 'x',
  writes,
});

describe('providerRequest', () => {
  it('returns any status with its body as text and as JSON', async () => {
    const url = await target((_request, response) => {
      response.writeHead(409, { 'content-type': 'application/json' }).end('{"code":21211}');
    });
    const answer = await providerRequest('Twilio', post(url), 2000, failures);
    expect(answer.status).toBe(409);
    expect(answer.text).toBe('{"code":21211}');
    expect(answer.json()).toEqual({ code: 21211 });
  });

  it('says nothing was sent when the connection is refused, even for a write', async () => {
    const { url, server } = await serve(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const failure = await providerRequest('Twilio', post(url), 2000, failures).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Unavailable);
    expect((failure as Error).message).toBe('Twilio: POST /v1/thing failed: ECONNREFUSED');
  });

  it('leaves a write whose answer was lost unknown, and a read merely unavailable', async () => {
    const url = await target((request) => request.socket.destroy());
    const write = await providerRequest('Retell', post(url), 2000, failures).catch((error: unknown) => error);
    expect(write).toBeInstanceOf(OutcomeUnknown);
    expect((write as Error).message).toMatch(/^Retell: POST \/v1\/thing failed: .+ \(the request may have reached Retell\)$/);
    const read = await providerRequest('Retell', post(url, false), 2000, failures).catch((error: unknown) => error);
    expect(read).toBeInstanceOf(Unavailable);
  });

  it('gives up after the timeout: a write that got no answer is unknown', async () => {
    const url = await target(() => undefined);
    const failure = await providerRequest('Sendblue', post(url), 200, failures).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OutcomeUnknown);
    expect((failure as Error).message).toContain('no answer within 200 ms');
  });

  it('does not follow redirects: the adapter sees the 3xx', async () => {
    const url = await target((_request, response) => response.writeHead(302, { location: 'http://127.0.0.1:1/' }).end());
    await expect(providerRequest('Telnyx', post(url, false), 2000, failures)).resolves.toMatchObject({ status: 302 });
  });
});

describe('retryAfterMs and headerValue', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': ' 7 ' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Fri, 27 Nov 2026 12:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });

  it("takes a callback header's first value", () => {
    expect(headerValue({ 'x-twilio-signature': ['a', 'b'] }, 'x-twilio-signature')).toBe('a');
    expect(headerValue({ 'sb-signing-secret': 's' }, 'sb-signing-secret')).toBe('s');
    expect(headerValue({}, 'missing')).toBeUndefined();
  });
});
