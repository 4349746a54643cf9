import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { eventually, findFreePort } from '@suite/testing';

/**
 * `npm start` as a new user runs it: the compiled embedded launcher with no DATABASE_URL and no
 * KAFKA_BROKERS. All four apps become ready, events flow in-process, Ctrl-C (SIGINT) stops
 * everything with exit code 0, and the data survives a restart. The first start on an empty
 * database bootstraps an admin and prints the credentials (also in .data/bootstrap.json); the
 * restart does not bootstrap again.
 */
const root = path.resolve(__dirname, '..');

describe('npm start (embedded suite)', () => {
  let dataDir: string;
  let ports: Record<string, number>;
  let pgPort: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'suite-start-'));
    await chmod(dataDir, 0o755); // the postgres OS user must reach its cluster directory
    pgPort = await findFreePort();
    ports = {
      MESSAGING_PORT: await findFreePort(),
      AUTH_PORT: await findFreePort(),
      PLATFORM_PORT: await findFreePort(),
      WEBHOOK_DISPATCH_PORT: await findFreePort(),
    };
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const launch = (): ChildProcess => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SUITE_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    for (const [name, port] of Object.entries(ports)) env[name] = String(port);
    const child = spawn(process.execPath, ['dist/tools/start-embedded.js'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    output.set(child, '');
    child.stdout!.on('data', (chunk: Buffer) => output.set(child, output.get(child)! + chunk.toString('utf8')));
    child.stderr!.resume();
    return child;
  };
  const output = new Map<ChildProcess, string>();

  const allReady = async () =>
    Promise.all(
      Object.values(ports).map(async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
        return response?.status ?? 0;
      }),
    );

  const stop = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.kill('SIGINT');
    });

  const queryEmbedded = async (sql: string) => {
    const client = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/suite` });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  it('starts all four apps, delivers events in-process, stops on Ctrl-C and keeps the data', async () => {
    const first = launch();
    const started = Date.now();
    await eventually(allReady, (statuses) => statuses.every((s) => s === 200), { timeoutMs: 60_000, what: 'four ready apps' });
    expect(Date.now() - started).toBeLessThan(60_000);

    const token = (await readFile(path.join(dataDir, 'internal-api-token'), 'utf8')).trim();
    const created = await fetch(`http://127.0.0.1:${ports.PLATFORM_PORT}/internal/companies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': token },
      body: JSON.stringify({ name: 'Started Co' }),
    });
    expect(created.status).toBe(201);
    const replicas = await eventually(
      () =>
        queryEmbedded(
          "SELECT 'messaging' AS app FROM messaging.company_replica WHERE name = 'Started Co' UNION ALL " +
            "SELECT 'auth' FROM auth.company_replica WHERE name = 'Started Co' UNION ALL " +
            "SELECT 'webhooks' FROM webhooks.company_replica WHERE name = 'Started Co'",
        ),
      (rows) => rows.length === 3,
      { what: 'the company in every replica' },
    );
    expect(replicas.map((row) => row.app).sort()).toEqual(['auth', 'messaging', 'webhooks']);

    // The empty database was bootstrapped once: credentials printed, kept owner-only, and working.
    await eventually(
      async () => output.get(first)!,
      (text) => text.includes('The same as JSON'),
      { what: 'the bootstrap credentials' },
    );
    expect(output.get(first)).toContain('First start: bootstrapped an empty database.');
    const bootstrapFile = path.join(dataDir, 'bootstrap.json');
    expect((await stat(bootstrapFile)).mode & 0o777).toBe(0o600);
    const credentials = JSON.parse(await readFile(bootstrapFile, 'utf8'));
    expect(output.get(first)).toContain(JSON.stringify(credentials));
    // The token's credential.issued event reaches the platform's replica a moment after the bootstrap.
    const users = await eventually(
      () =>
        fetch(`http://127.0.0.1:${ports.PLATFORM_PORT}/api/users`, {
          headers: { authorization: `Bearer ${credentials.personal_access_token}` },
        }),
      (response) => response.status === 200,
      { what: 'the bootstrap token accepted by the platform' },
    );
    await expect(users.json()).resolves.toMatchObject({ data: [{ email: credentials.user.email }] });

    await expect(stop(first)).resolves.toBe(0);
    await expect(queryEmbedded('SELECT 1')).rejects.toThrow(); // the database stopped too

    const second = launch();
    try {
      await eventually(allReady, (statuses) => statuses.every((s) => s === 200), {
        timeoutMs: 60_000,
        what: 'ready after restart',
      });
      const again = await fetch(
        `http://127.0.0.1:${ports.PLATFORM_PORT}/internal/companies/${((await created.json()) as { data: { id: string } }).data.id}`,
        {
          headers: { 'x-internal-token': token },
        },
      );
      expect(again.status).toBe(200);
      await expect(again.json()).resolves.toMatchObject({ data: { name: 'Started Co' } });
    } finally {
      await expect(stop(second)).resolves.toBe(0);
    }
    expect(output.get(second)).toContain('suite ready');
    expect(output.get(second)).not.toContain('bootstrapped');
    await expect(readFile(path.join(dataDir, 'bootstrap.json'), 'utf8')).resolves.toContain(credentials.personal_access_token);
  });
});
