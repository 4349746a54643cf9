import { execFile } from 'node:child_process';
import { readFile, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * What is known about the PostgreSQL server of a cluster directory and the process that started
 * it, so that a start can tell a server left behind by a dead launcher (stop it, start again)
 * from one still in use (leave it) or a process that is not a server of this directory at all
 * (never touch it).
 */

/** The first line of `<cluster>/postmaster.pid`: the postmaster's pid, while a server runs (or crashed). */
export async function readPostmasterPid(clusterDir: string): Promise<number | undefined> {
  const content = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when `pid` is a PostgreSQL server running on `clusterDir`. On Linux from /proc: its
 * program is `postgres` and its working directory the cluster (the postmaster changes into its
 * data directory); elsewhere from `ps`: a `postgres` command with `-D <cluster>`, as pg_ctl starts
 * it here. Anything unreadable counts as not ours.
 */
export async function isPostmasterOf(pid: number, clusterDir: string): Promise<boolean> {
  const cluster = await realpath(clusterDir).catch(() => clusterDir);
  if (process.platform === 'linux') {
    const [program, cwd] = await Promise.all([
      readlink(`/proc/${pid}/exe`).catch(() => ''),
      readlink(`/proc/${pid}/cwd`).catch(() => ''),
    ]);
    return path.basename(program.replace(/ \(deleted\)$/, '')) === 'postgres' && cwd === cluster;
  }
  const { stdout } = await promisify(execFile)('ps', ['-p', String(pid), '-o', 'command=']).catch(() => ({ stdout: '' }));
  return /(^|\/)postgres\s/.test(stdout) && (stdout.includes(`-D ${clusterDir} `) || stdout.includes(`-D ${cluster} `));
}

/** Which process started the server (`<data dir>/embedded-postgres.owner`), and which server. */
interface ServerOwner {
  pid: number;
  /** Linux: the owner's start time (/proc/<pid>/stat), so a reused pid is not mistaken for it. */
  startTime?: string;
  postmasterPid: number;
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'embedded-postgres.owner');

/** Records this process as the one that started the server `postmasterPid`. */
export async function recordOwner(dataDir: string, postmasterPid: number): Promise<void> {
  const owner: ServerOwner = { pid: process.pid, startTime: await startTimeOf(process.pid), postmasterPid };
  await writeFile(ownerFile(dataDir), `${JSON.stringify(owner)}\n`);
}

export async function forgetOwner(dataDir: string): Promise<void> {
  await rm(ownerFile(dataDir), { force: true });
}

/** The pid of the live process that started the server `postmasterPid` and is still running, if any. */
export async function liveOwnerOf(dataDir: string, postmasterPid: number): Promise<number | undefined> {
  const owner = await readFile(ownerFile(dataDir), 'utf8').then(
    (text) => JSON.parse(text) as ServerOwner,
    () => undefined,
  );
  if (!owner || owner.postmasterPid !== postmasterPid || owner.pid === process.pid || !processAlive(owner.pid)) return undefined;
  return owner.startTime === undefined || owner.startTime === (await startTimeOf(owner.pid)) ? owner.pid : undefined;
}

async function startTimeOf(pid: number): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Field 22 (starttime); the fields after the command name, which may hold spaces, start at 3.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}
