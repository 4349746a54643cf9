import { Logger } from '@nestjs/common';
import type { Server } from 'node:http';
import { startProbeApp, type ProbeApp } from './testing/probe-app';

/**
 * The timeouts every app gets from createApp, on a real server: a request that never completes
 * is answered 408 in the API's error body (the probe app's is `{ error }`) once
 * HTTP_REQUEST_TIMEOUT_MS (or HTTP_HEADERS_TIMEOUT_MS for the headers) has passed, and its
 * connection closed. Small values here; the defaults are 30 s and 10 s.
 */
describe('HTTP server timeouts', () => {
  let probe: ProbeApp;
  const connect = () => probe.connect();

  beforeAll(async () => {
    probe = await startProbeApp({
      HTTP_REQUEST_TIMEOUT_MS: '500',
      HTTP_HEADERS_TIMEOUT_MS: '300',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '4000',
    });
  });

  afterEach(() => probe.disconnectAll());

  afterAll(() => probe.app.close());

  it('answers a body that never completes with 408 in the API’s error body, then closes the connection', async () => {
    const loggedErrors = jest.spyOn(Logger.prototype, 'error');
    const connection = await connect();
    const started = Date.now();
    await connection.write(
      'POST /echo HTTP/1.1\r\nHost: probe\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"n":12345',
    );

    const answer = await connection.response(5000);
    const elapsed = Date.now() - started;
    expect(answer).toMatchObject({
      status: 408,
      headers: { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'cache-control': 'no-store' },
    });
    expect(JSON.parse(answer.body)).toEqual({ error: 'The request did not arrive in time.' });
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(2000);
    await expect(connection.closed).resolves.toEqual({});
    // The body parser's failure is a 408 like the answer, not an "unhandled error" with a stack.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loggedErrors).not.toHaveBeenCalled();
    loggedErrors.mockRestore();
  });

  it('answers headers that never complete with 408 after the headers timeout', async () => {
    const connection = await connect();
    const started = Date.now();
    await connection.write('GET /fast HTTP/1.1\r\nHost: pro');

    await expect(connection.response(5000)).resolves.toMatchObject({ status: 408 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(connection.closed).resolves.toEqual({});
  });

  it('does not count the time the handler takes', async () => {
    const connection = await connect();
    await connection.write('GET /slow?ms=900 HTTP/1.1\r\nHost: probe\r\n\r\n');
    await expect(connection.response(5000)).resolves.toMatchObject({ status: 200, body: '{"ok":true}' });
  });

  it('answers what is not HTTP with 400 in the API’s error body', async () => {
    const connection = await connect();
    await connection.write('HELLO THERE\r\n\r\n');
    const answer = await connection.response(5000);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The request is not valid HTTP.' });
  });

  it('keeps an idle connection for HTTP_KEEP_ALIVE_TIMEOUT_MS and says so', async () => {
    const connection = await connect();
    await connection.write('GET /fast HTTP/1.1\r\nHost: probe\r\n\r\n');
    await expect(connection.response()).resolves.toMatchObject({
      status: 200,
      headers: { connection: 'keep-alive', 'keep-alive': 'timeout=4' },
    });
    expect((probe.app.getHttpServer() as Server).keepAliveTimeout).toBe(4000);
  });
});
