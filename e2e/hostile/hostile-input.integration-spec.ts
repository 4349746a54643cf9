import net from 'node:net';
import { APPS, type AppName } from '@suite/contracts';
import { attacksOn, type AttackContext, type HostileRequest } from './support/attack-classes';
import { answerProblem, type WireAnswer } from './support/error-shapes';
import { prepareTargets } from './support/hostile-fixtures';
import { launchSuite, type LaunchedSuite } from './support/launched-suite';
import { routesOf, type OpenApiDocument, type RouteSpec } from './support/route-catalog';
import { WireClient } from './support/wire-client';

/**
 * The black-box attack that broke the suite once, kept as a test: `npm start`'s launcher on a
 * fresh database, every route of all four apps as each app's OpenAPI document lists it (plus the
 * routes kept out of the documents on purpose and the probes every app serves), each attacked
 * with deep nesting, NUL, lone surrogates, huge and fractional numbers, over-long and badly
 * encoded path ids and query values, wrong types and content types. Every answer must be a
 * success or a 4xx in that API's own error shape: a 5xx, or Fastify's raw error body, fails; and
 * what no API may take (a NUL, a lone surrogate, a number beyond a field's range, a blank required
 * string, nesting past the limit, a missing credential) must be a 4xx.
 * Afterwards the suite must still work: nothing stalled, nothing set aside.
 */
const APP_NAMES = Object.keys(APPS) as AppName[];
const CONCURRENCY = 4;

describe('hostile input (npm start, all four apps)', () => {
  let suite: LaunchedSuite;
  let context: AttackContext;
  const client = new WireClient();

  beforeAll(async () => {
    suite = await launchSuite('hostile_input');
    context = await prepareTargets(suite);
  });

  afterAll(async () => {
    client.close();
    await suite?.stop();
  });

  it('answers every hostile request on every route with a success or a 4xx in the API’s own error shape', async () => {
    const routes: RouteSpec[] = [];
    for (const app of APP_NAMES) {
      const document = (await (await fetch(`${suite.bases[app]}/docs-json`)).json()) as OpenApiDocument;
      routes.push(...routesOf(app, document));
    }
    // Deleting first would leave the other routes nothing real to aim at.
    const ordered = [
      ...routes.filter((route) => route.method !== 'DELETE'),
      ...routes.filter((route) => route.method === 'DELETE'),
    ];
    const requests = ordered.flatMap((route) => attacksOn(route, context));

    const failures: string[] = [];
    const counts = new Map<AppName, Record<string, number>>(
      APP_NAMES.map((app) => [app, { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }]),
    );
    const record = (request: HostileRequest, answer: WireAnswer | Error) => {
      const tally = counts.get(request.route.app)!;
      tally.requests++;
      if (answer instanceof Error) {
        failures.push(
          `${request.route.app} ${request.method} ${request.route.path} [${request.attack}]: no answer (${answer.message})`,
        );
        return;
      }
      tally[`${Math.floor(answer.status / 100)}xx`] = (tally[`${Math.floor(answer.status / 100)}xx`] ?? 0) + 1;
      const problem =
        answerProblem(request.route.app, request.route.path, answer) ??
        (request.mustRefuse && answer.status < 400 ? `${answer.status}: accepted what must be refused` : null);
      if (problem)
        failures.push(
          `${request.route.app} ${request.method} ${request.route.path} [${request.attack}]: ${problem} — ${answer.body.slice(0, 200)}`,
        );
    };
    const deletes = requests.filter((request) => request.method === 'DELETE');
    await runPool(
      requests.filter((request) => request.method !== 'DELETE'),
      (request) => attack(request).then((answer) => record(request, answer)),
    );
    await runPool(deletes, (request) => attack(request).then((answer) => record(request, answer)));

    const total = [...counts.values()].reduce((sum, tally) => sum + tally.requests, 0);
    console.log(
      `hostile suite: ${total} requests on ${routes.length} routes — ` +
        [...counts]
          .map(
            ([app, tally]) =>
              `${app} ${tally.requests} (2xx ${tally['2xx']}, 3xx ${tally['3xx']}, 4xx ${tally['4xx']}, 5xx ${tally['5xx']})`,
          )
          .join('; '),
    );
    for (const app of APP_NAMES) expect(routes.filter((route) => route.app === app).length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('answers oversized headers and broken HTTP in each API’s own error shape, before any route', async () => {
    for (const app of APP_NAMES) {
      const huge = await rawExchange(
        suite.ports[app],
        `GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(64 * 1024)}\r\n\r\n`,
      );
      expect({ app, status: huge.status }).toEqual({ app, status: 431 });
      expect({ app, problem: answerProblem(app, '/health/live', huge) }).toEqual({ app, problem: null });
      const garbage = await rawExchange(
        suite.ports[app],
        'GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nBad\u0000Header: x\r\n\r\n',
      );
      expect({ app, status: garbage.status }).toEqual({ app, status: 400 });
      expect({ app, problem: answerProblem(app, '/health/live', garbage) }).toEqual({ app, problem: null });
    }
  });

  it('still works afterwards: every app ready, every event published and none set aside', async () => {
    for (const app of APP_NAMES) {
      const ready = await fetch(`${suite.bases[app]}/health/ready`);
      expect({ app, status: ready.status }).toEqual({ app, status: 200 });
    }
    const schemas = APP_NAMES.map((app) => APPS[app].schema);
    await expect(waitForEmptyOutboxes(suite, schemas)).resolves.toEqual(schemas.map((schema) => ({ schema, count: '0' })));
    // Nothing hostile got as far as an event: no relay had to set one aside (decision 0020).
    const setAside = await suite.query<{ schema: string; count: string }>(
      schemas
        .map((schema) => `SELECT '${schema}' AS schema, count(*)::text AS count FROM ${schema}.outbox_dead_letter`)
        .join(' UNION ALL '),
    );
    expect(setAside).toEqual(schemas.map((schema) => ({ schema, count: '0' })));
  });

  const attack = (request: HostileRequest): Promise<WireAnswer | Error> =>
    client
      .send(suite.bases[request.route.app], request)
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
});

async function runPool<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function waitForEmptyOutboxes(suite: LaunchedSuite, schemas: string[]): Promise<Array<{ schema: string; count: string }>> {
  const sql = schemas
    .map((schema) => `SELECT '${schema}' AS schema, count(*)::text AS count FROM ${schema}.outbox WHERE published_at IS NULL`)
    .join(' UNION ALL ');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await suite.query<{ schema: string; count: string }>(sql);
    if (rows.every((row) => row.count === '0') || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One request written byte for byte on a fresh connection; the answer as the server sent it. */
function rawExchange(port: number, text: string): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: *([^\r\n]+)/i.exec(head)?.[1] ?? '';
      resolve({ status, contentType, body });
    });
    socket.end(text);
  });
}
