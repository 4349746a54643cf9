import type { Server } from 'node:http';
import { startProbeApp, type ProbeApp } from '../server/testing/probe-app';
import { stopApp } from './graceful-shutdown';

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: probe\r\n\r\n`;
const post = (path: string, body: string, declaredLength = Buffer.byteLength(body)) =>
  `POST ${path} HTTP/1.1\r\nHost: probe\r\nContent-Type: application/json\r\nContent-Length: ${declaredLength}\r\n\r\n${body}`;

describe('stopApp', () => {
  let probe: ProbeApp;
  let stopping: Promise<void> | undefined;
  const connect = () => probe.connect();
  /** A keep-alive connection that has had one answer, now between two requests. */
  const afterOneRequest = async () => {
    const connection = await probe.connect();
    await connection.write(get('/fast'));
    return { connection, first: await connection.response() };
  };

  beforeEach(async () => {
    probe = await startProbeApp();
    stopping = undefined;
  });

  afterEach(async () => {
    probe.disconnectAll();
    await (stopping ?? probe.app.close()).catch(() => undefined);
  });

  it('finishes in-flight requests, refuses new connections, then runs the shutdown hooks', async () => {
    const base = `http://127.0.0.1:${probe.port}`;
    const inFlight = fetch(`${base}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    stopping = stopApp(probe.app, 5000);
    probe.events.push('stop requested');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    await expect(response.json()).resolves.toEqual({ ok: true });
    await stopping;
    await expect(fetch(`${base}/slow`)).rejects.toThrow();
    expect(probe.events).toEqual(['stop requested', 'request finished', 'consumers stopped']);
  });

  // The resets of a shutdown under load, one at a time: the request is in the server's receive
  // buffer, not yet read, when the drain begins.
  it('answers a request already sent on an idle keep-alive connection when the drain begins', async () => {
    const { connection, first } = await afterOneRequest();
    expect(first).toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });

    await connection.write(get('/fast'));
    stopping = stopApp(probe.app, 5000);

    await expect(connection.response()).resolves.toMatchObject({
      status: 200,
      headers: { connection: 'close' },
      body: '{"ok":true}',
    });
    await expect(connection.closed).resolves.toEqual({});
    await stopping;
  });

  it('answers the first request of a connection accepted just before the drain', async () => {
    const accepted = new Promise((resolve) => (probe.app.getHttpServer() as Server).once('connection', resolve));
    const connection = await connect();
    await accepted;
    await connection.write(post('/echo', '{"n":1}'));
    stopping = stopApp(probe.app, 5000);

    await expect(connection.response()).resolves.toMatchObject({
      status: 201,
      headers: { connection: 'close' },
      body: '{"got":{"n":1}}',
    });
    await stopping;
  });

  it('answers a request that arrives on an open connection during the drain, and one whose body is still arriving', async () => {
    const { connection: between } = await afterOneRequest();
    const uploading = await connect();
    await uploading.write(post('/echo', '{"n":', 8));

    stopping = stopApp(probe.app, 5000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await between.write(get('/fast'));
    await uploading.write('42}');

    await expect(between.response()).resolves.toMatchObject({ status: 200, headers: { connection: 'close' } });
    await expect(uploading.response()).resolves.toMatchObject({
      status: 201,
      headers: { connection: 'close' },
      body: '{"got":{"n":42}}',
    });
    await stopping;
  });

  it('closes a connection that stays quiet for a second, so the drain ends', async () => {
    const { connection: idle } = await afterOneRequest();
    const started = Date.now();
    stopping = stopApp(probe.app, 5000);

    await expect(idle.closed).resolves.toEqual({});
    await stopping;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cuts a request still running at the deadline', async () => {
    const stuck = await connect();
    await stuck.write(get('/slow?ms=1000'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    stopping = stopApp(probe.app, 300);

    await stopping;
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(stuck.response()).rejects.toThrow();
  });
});
