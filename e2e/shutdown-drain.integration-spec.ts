import { randomBytes } from 'node:crypto';
import { createTestDatabase, eventually, findFreePort, RawHttpConnection, type TestDatabase } from '@suite/testing';
import { CompiledProcess } from './support/compiled-process';

/**
 * SIGTERM under load, on a real process: the compiled platform app (`dist/apps/platform/src/main.js`,
 * as its container runs it) on 127.0.0.1, 200 requests in ten waves over two seconds — readiness
 * checks and company creations, through fetch's keep-alive pool — with the signal sent right after
 * the sixth wave went out, while those requests are arriving. Besides: connections that were open
 * at the signal and send their next request 100 ms after it (as a proxy's keep-alive connection
 * does while the endpoint is being removed), and an upload whose body is half sent at the signal.
 *
 * Every request sent before the signal gets its HTTP answer, every later one an answer or a
 * refused connection (the listener is closed: a Kubernetes pod is out of the Service by then),
 * never a reset; the process exits 0 without waiting for SHUTDOWN_TIMEOUT_MS.
 */
const WAVES = 10;
const WAVE_SIZE = 20;
const WAVE_INTERVAL_MS = 200;
const SIGNAL_AFTER_WAVE = 5;
const SHUTDOWN_TIMEOUT_MS = 10_000;

type Outcome = { sentBeforeSignal: boolean; status?: number; error?: string };

describe('SIGTERM under load (compiled platform app)', () => {
  let database: TestDatabase;
  let app: CompiledProcess | undefined;
  const raw: RawHttpConnection[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('e2e_shutdown_drain');
  });

  afterAll(async () => {
    for (const connection of raw) connection.destroy();
    app?.kill();
    await app?.exited;
    await database?.drop();
  });

  it('answers every request in flight, refuses new connections, never resets one', async () => {
    const port = await findFreePort();
    const token = randomBytes(24).toString('hex');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      INTERNAL_API_TOKEN: token,
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    };
    delete env.KAFKA_BROKERS; // in-process events: what is measured here is HTTP
    const started = CompiledProcess.start('dist/apps/platform/src/main.js', env);
    app = started;
    const base = `http://127.0.0.1:${port}`;
    await eventually(
      () => fetch(`${base}/health/ready`).then((r) => r.status),
      (status) => status === 200,
      { timeoutMs: 60_000, what: `the platform app ready (${started.stderr.slice(-500)})` },
    );

    // Connections open at the signal: three between two requests, one in the middle of an upload.
    const keepAlive = await Promise.all([0, 1, 2].map(() => RawHttpConnection.open(port)));
    raw.push(...keepAlive);
    for (const connection of keepAlive) {
      await connection.write('GET /health/live HTTP/1.1\r\nHost: platform\r\n\r\n');
      await expect(connection.response()).resolves.toMatchObject({ status: 200, headers: { connection: 'keep-alive' } });
    }
    const upload = await RawHttpConnection.open(port);
    raw.push(upload);
    const company = JSON.stringify({ name: 'Uploaded While Stopping' });
    await upload.write(
      `POST /internal/companies HTTP/1.1\r\nHost: platform\r\nContent-Type: application/json\r\nx-internal-token: ${token}\r\n` +
        `Content-Length: ${Buffer.byteLength(company)}\r\n\r\n${company.slice(0, 10)}`,
    );

    let signalledAt = 0;
    const send = async (index: number): Promise<Outcome> => {
      const sentBeforeSignal = signalledAt === 0;
      try {
        const response =
          index % 2 === 0
            ? await fetch(`${base}/health/ready`)
            : await fetch(`${base}/internal/companies`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-internal-token': token },
                body: JSON.stringify({ name: `Load ${index}` }),
              });
        await response.arrayBuffer();
        return { sentBeforeSignal, status: response.status };
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        return { sentBeforeSignal, error: cause?.code ?? cause?.message ?? String(error) };
      }
    };

    const load: Array<Promise<Outcome>> = [];
    let afterSignal: Promise<Array<PromiseSettledResult<unknown>>> | undefined;
    for (let wave = 0; wave < WAVES; wave++) {
      for (let i = 0; i < WAVE_SIZE; i++) load.push(send(wave * WAVE_SIZE + i));
      if (wave === SIGNAL_AFTER_WAVE) {
        await new Promise((resolve) => setImmediate(resolve));
        started.child.kill('SIGTERM');
        signalledAt = Date.now();
        afterSignal = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const next = keepAlive.map(async (connection) => {
            await connection.write('GET /health/ready HTTP/1.1\r\nHost: platform\r\n\r\n');
            return connection.response();
          });
          const rest = upload.write(company.slice(10)).then(() => upload.response());
          const fresh = RawHttpConnection.open(port);
          return Promise.allSettled([fresh, rest, ...next]);
        })();
      }
      await new Promise((resolve) => setTimeout(resolve, WAVE_INTERVAL_MS));
    }
    const outcomes = await Promise.all(load);
    const [fresh, rest, ...next] = (await afterSignal)!;
    const exit = await started.exitWithin(30_000, 'after SIGTERM');

    const tally = (list: Outcome[]) =>
      list.reduce<Record<string, number>>(
        (counts, o) => ({ ...counts, [String(o.status ?? o.error)]: (counts[String(o.status ?? o.error)] ?? 0) + 1 }),
        {},
      );
    const before = outcomes.filter((o) => o.sentBeforeSignal);
    const after = outcomes.filter((o) => !o.sentBeforeSignal);
    // Printed on failure: what each side got.
    const summary = { before: tally(before), after: tally(after) };
    expect(before.length).toBe((SIGNAL_AFTER_WAVE + 1) * WAVE_SIZE);
    expect({ summary, unanswered: before.filter((o) => o.status === undefined).length }).toEqual({ summary, unanswered: 0 });
    expect({
      summary,
      failedOtherwise: after.filter((o) => o.status === undefined && o.error !== 'ECONNREFUSED').length,
    }).toEqual({ summary, failedOtherwise: 0 });
    expect([...before, ...after].filter((o) => o.status !== undefined && o.status >= 500)).toEqual([]);

    for (const result of next) {
      expect(result).toMatchObject({ status: 'fulfilled', value: { status: 200, headers: { connection: 'close' } } });
    }
    expect(rest).toMatchObject({ status: 'fulfilled', value: { status: 201, headers: { connection: 'close' } } });
    expect(fresh).toMatchObject({ status: 'rejected', reason: { code: 'ECONNREFUSED' } });

    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
  });
});
