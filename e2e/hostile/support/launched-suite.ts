import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { AppName, BootstrapOutput } from '@suite/contracts';
import {
  createTestDatabase,
  eventually,
  findFreePort,
  GENEROUS_RATE_LIMITS_ENV,
  uniqueTopicPrefix,
  type TestDatabase,
} from '@suite/testing';

const root = path.resolve(__dirname, '../../..');

export interface LaunchedSuite {
  /** Base URL per app (`http://127.0.0.1:<port>`). */
  bases: Record<AppName, string>;
  ports: Record<AppName, number>;
  /** What `npm start` printed on its first start (`.data/bootstrap.json`). */
  credentials: BootstrapOutput;
  internalToken: string;
  /** The launcher's KAFKA_TOPIC_PREFIX (topics are `<prefix><name>`). */
  topicPrefix: string;
  /** SQL on the suite's database, beside the apps (for checks an API cannot make). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The launcher's output so far. */
  output(): string;
  stop(): Promise<number | null>;
}

const PORT_VARIABLES: Record<AppName, string> = {
  messaging: 'MESSAGING_PORT',
  auth: 'AUTH_PORT',
  platform: 'PLATFORM_PORT',
  'webhook-dispatch': 'WEBHOOK_DISPATCH_PORT',
};

/**
 * The suite as a user starts it (`npm start`'s compiled launcher: four apps in one process,
 * bootstrapped on an empty database), on a fresh test database and the test Kafka broker, on free
 * ports. An attacker meets exactly this process; the tests talk to it over HTTP only, and read
 * the database only to check what no API shows.
 */
export async function launchSuite(name: string, options: { env?: NodeJS.ProcessEnv } = {}): Promise<LaunchedSuite> {
  const database: TestDatabase = await createTestDatabase(name);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `suite-${name}-`));
  await chmod(dataDir, 0o700);
  const ports = {} as Record<AppName, number>;
  for (const app of Object.keys(PORT_VARIABLES) as AppName[]) ports[app] = await findFreePort();
  const topicPrefix = uniqueTopicPrefix(name.replace(/_/g, '-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    KAFKA_TOPIC_PARTITIONS: '1',
    SUITE_DATA_DIR: dataDir,
    LOG_LEVEL: process.env.HOSTILE_LOG_LEVEL ?? 'warn',
    // ~13,000 requests on a few credentials: the limits are not what these specs attack (rate-limits.integration-spec.ts does).
    ...GENEROUS_RATE_LIMITS_ENV,
    ...options.env,
  };
  for (const [app, variable] of Object.entries(PORT_VARIABLES)) env[variable] = String(ports[app as AppName]);

  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/tools/start-embedded.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const bases = Object.fromEntries(Object.entries(ports).map(([app, port]) => [app, `http://127.0.0.1:${port}`])) as Record<
    AppName,
    string
  >;
  const cleanup = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`the launcher exited with ${child.exitCode}:\n${output.slice(-4000)}`);
        return output;
      },
      (text) => text.includes('The same as JSON'),
      { timeoutMs: 90_000, what: 'the suite bootstrapped' },
    );
    const credentials = JSON.parse(await readFile(path.join(dataDir, 'bootstrap.json'), 'utf8')) as BootstrapOutput;
    const internalToken = (await readFile(path.join(dataDir, 'internal-api-token'), 'utf8')).trim();
    // The bootstrap's token and key reach each app's replica as events, a moment after they are printed.
    await eventually(
      async () => [
        (
          await fetch(`${bases.platform}/api/users`, {
            headers: { authorization: `Bearer ${credentials.personal_access_token}` },
          })
        ).status,
        (
          await fetch(`${bases.auth}/oauth/personal-access-tokens`, {
            headers: { authorization: `Bearer ${credentials.personal_access_token}` },
          })
        ).status,
        (await fetch(`${bases.messaging}/v1/messages/list`, { headers: { 'x-api-key': credentials.api_key } })).status,
      ],
      (statuses) => statuses.every((status) => status === 200),
      { what: 'the bootstrap credentials accepted by every app' },
    );
    return {
      bases,
      ports,
      credentials,
      internalToken,
      topicPrefix,
      query: async <T>(sql: string, params: unknown[] = []) => {
        const client = new Client({ connectionString: database.url });
        await client.connect();
        try {
          return (await client.query(sql, params)).rows as T[];
        } finally {
          await client.end();
        }
      },
      output: () => output,
      stop: async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        const code = await exited;
        await cleanup();
        return code;
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
