import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

// `read` returns at end of input: when every writer of the pipe, the launcher, is gone, even by
// SIGKILL. Then, if the pid still is the cluster's postmaster (its postmaster.pid, and on Linux its
// working directory), SIGINT: PostgreSQL's fast shutdown, committed data safe.
const SCRIPT = `read _ignored
pid=$1 dir=$2
[ "$(head -n 1 "$dir/postmaster.pid" 2>/dev/null)" = "$pid" ] || exit 0
if [ -d /proc/self ]; then [ "$(readlink "/proc/$pid/cwd")" = "$dir" ] || exit 0; fi
kill -INT "$pid" 2>/dev/null`;

/**
 * A tiny shell that stops the embedded PostgreSQL when the process that started it dies in a way
 * that runs no code of its own (SIGKILL, the OOM killer). PostgreSQL runs in its own session
 * (pg_ctl daemonises it, so Ctrl-C reaches only the launcher, which stops the apps first), so
 * nothing else would stop it. Why not keep PostgreSQL in the launcher's process group instead: a
 * Ctrl-C would then stop the database while the apps still drain, and a SIGKILL sent to the
 * launcher's pid alone would not reach the group anyway; Linux's parent-death signal is not
 * reachable from Node, and the postmaster is not the launcher's child. The watchdog is detached
 * too, so a signal to the terminal's process group does not end it. Returns a release function
 * for the orderly path: the caller stops the server itself and ends the watchdog before it could act.
 */
export function startPostgresWatchdog(postmasterPid: number, clusterDir: string): () => void {
  if (process.platform === 'win32') return () => undefined;
  const watchdog: ChildProcess = spawn('/bin/sh', ['-c', SCRIPT, 'suite-postgres-watchdog', String(postmasterPid), clusterDir], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.on('error', () => undefined);
  // Neither the watchdog nor its pipe may keep this process alive.
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  return () => {
    watchdog.kill('SIGKILL');
    (watchdog.stdin as Socket | null)?.destroy();
  };
}
