import Fastify, { type FastifyInstance } from 'fastify';
import { registerRequestTraceContext } from '../tracing/request-trace-context.hook';
import { createRootLogger, requestIdFor } from './logger.module';
import { registerRequestLogging } from './request-logging.hook';
import { LogCapture } from './testing/log-capture';

/**
 * The request log lines as an app writes them: the trace context hook and the request logging
 * hook of every app, on a real Fastify server, with the app's root logger. A line the handler
 * writes gets the trace and request ids from the async context (the logger's mixin); the
 * completion line is written when the answer has gone out and must carry them too.
 */
describe('request log lines', () => {
  const capture = new LogCapture();
  const logger = createRootLogger('test-app', 'info', capture.stream);
  let server: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    server = Fastify({ genReqId: requestIdFor });
    registerRequestTraceContext(server);
    registerRequestLogging(server, logger);
    server.get('/v1/messages', async () => {
      logger.info('inside the handler');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'ok';
    });
    server.post('/v1/boom', async (request, reply) => {
      logger.info({ got: request.body }, 'inside a POST handler');
      return reply.code(503).send({ error: 'down' });
    });
    server.get('/health/ready', async () => 'ok');
    url = await server.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => server.close());

  const linesOf = async (requestId: string) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return capture.lines().filter((line) => (line['req'] as { id?: string } | undefined)?.id === requestId);
  };

  it('carry the caller’s trace id and the request id on the handler’s line and on the completion line, and no credential', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await fetch(`${url}/v1/messages`, {
      headers: {
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
        'x-api-key': 'sk_live_secret',
        'user-agent': 'test-agent',
        'x-request-id': 'req-42',
      },
    });
    expect(response.headers.get('x-request-id')).toBe('req-42');
    expect(response.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    await response.text();
    const mine = await linesOf('req-42');
    expect(mine.map((line) => line['msg'])).toEqual(['inside the handler', 'request completed']);
    const [handler, completed] = mine as [Record<string, unknown>, Record<string, unknown>];
    expect(handler).toMatchObject({ name: 'test-app', level: 30, trace_id: traceId, req: { id: 'req-42' } });
    // The completion line: the request's allowed fields, the response as sent, the time taken — and only those.
    expect(completed).toMatchObject({
      name: 'test-app',
      level: 30,
      trace_id: traceId,
      req: { id: 'req-42', method: 'GET', url: '/v1/messages', headers: { 'user-agent': 'test-agent' } },
      res: { statusCode: 200, headers: { 'x-request-id': 'req-42' } },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(completed['req'] as object).sort()).toEqual(['headers', 'id', 'method', 'url']);
    expect(Object.keys(completed['res'] as object).sort()).toEqual(['headers', 'statusCode']);
    expect(completed['responseTime']).toBeGreaterThanOrEqual(5);
    for (const line of mine) expect(JSON.stringify(line)).not.toContain('sk_live_secret');
  });

  it('start a new trace when the caller sent none, and still log it', async () => {
    const response = await fetch(`${url}/v1/messages`, { headers: { 'x-request-id': 'req-43' } });
    await response.text();
    const completed = (await linesOf('req-43')).find((line) => line['msg'] === 'request completed');
    const started = response.headers.get('traceparent')!.split('-')[1];
    expect(completed?.['trace_id']).toBe(started);
  });

  it('log a 5xx answer at error level as "request errored", with the POST handler’s line in the same trace', async () => {
    const response = await fetch(`${url}/v1/boom`, {
      method: 'POST',
      headers: { 'x-request-id': 'req-44', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(503);
    await response.text();
    const mine = await linesOf('req-44');
    expect(mine.map((line) => [line['msg'], line['level']])).toEqual([
      ['inside a POST handler', 30],
      ['request errored', 50],
    ]);
    expect(mine[0]!['trace_id']).toBe(response.headers.get('traceparent')!.split('-')[1]);
    expect(mine[1]).toMatchObject({ res: { statusCode: 503 } });
  });

  it('write no line for health and metrics probes, and a new request id when the given one is not sane', async () => {
    const before = capture.lines().length;
    await (await fetch(`${url}/health/ready`, { headers: { 'x-request-id': 'req-45' } })).text();
    const response = await fetch(`${url}/v1/messages`, { headers: { 'x-request-id': 'not sane!' } });
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const added = capture.lines().slice(before);
    expect(added.some((line) => (line['req'] as { id?: string }).id === 'req-45')).toBe(false);
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(added.filter((line) => (line['req'] as { id?: string }).id === id).map((line) => line['msg'])).toEqual([
      'inside the handler',
      'request completed',
    ]);
  });
});
