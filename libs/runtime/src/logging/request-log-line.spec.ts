import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pinoHttp from 'pino-http';
import { pinoHttpOptions, traceContextMiddleware } from './logger.module';
import { LogCapture } from './testing/log-capture';

/**
 * The request log lines as an app writes them: the trace context middleware, then pino-http
 * with the app's options, on a real HTTP server. The trace id is added when a line is written
 * (pino's mixin, from the async context), so it must reach both a line the handler writes and
 * the completion line written when the response finishes.
 */
describe('request log lines', () => {
  const capture = new LogCapture();
  const logging = pinoHttp(pinoHttpOptions('test-app', 'info'), capture.stream);
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      traceContextMiddleware(req as Parameters<typeof traceContextMiddleware>[0], res, () =>
        logging(req, res, () => {
          req.log.info('inside the handler');
          setTimeout(() => res.end('ok'), 5);
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('carry the caller’s trace id on the handler’s line and on the completion line, and no credential', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await fetch(`${url}/v1/messages`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-api-key': 'sk_live_secret', 'user-agent': 'test-agent', 'x-request-id': 'req-42' },
    });
    expect(response.headers.get('x-request-id')).toBe('req-42');
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const mine = capture.lines().filter((line) => (line['req'] as { id?: string } | undefined)?.id === 'req-42');
    expect(mine.map((line) => line['msg'])).toEqual(['inside the handler', 'request completed']);
    // The completion line's response: status, headers as sent, time taken — and only those.
    expect(mine[1]).toMatchObject({ res: { statusCode: 200, headers: { 'x-request-id': 'req-42' } }, responseTime: expect.any(Number) });
    expect(Object.keys(mine[1]!['res'] as object).sort()).toEqual(['headers', 'statusCode']);
    expect(Object.keys(mine[0]!['req'] as object).sort()).toEqual(['headers', 'id', 'method', 'url']);
    for (const line of mine) {
      expect(line).toMatchObject({ name: 'test-app', trace_id: traceId, req: { method: 'GET', url: '/v1/messages', headers: { 'user-agent': 'test-agent' } } });
      expect(JSON.stringify(line)).not.toContain('sk_live_secret');
    }
  });

  it('start a new trace when the caller sent none, and still log it', async () => {
    const response = await fetch(`${url}/v1/contacts/x`, { headers: { 'x-request-id': 'req-43' } });
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const completed = capture.lines().find((line) => (line['req'] as { id?: string } | undefined)?.id === 'req-43' && line['msg'] === 'request completed');
    const started = response.headers.get('traceparent')!.split('-')[1];
    expect(completed?.['trace_id']).toBe(started);
  });
});
