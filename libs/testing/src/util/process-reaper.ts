import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Socket } from 'node:net';

/**
 * Makes sure servers started for tests (a Kafka JVM, an embedded postgres, a container)
 * do not outlive the node process that started them, however it ends:
 *  - normal exit / process.exit(): an 'exit' listener runs the registered cleanups;
 *  - SIGINT / SIGTERM / SIGHUP: same, then the signal's default action is restored;
 *  - SIGKILL or a crash that skips 'exit': for child pids, a tiny watchdog shell holds
 *    the read end of a pipe from us; when we die the pipe closes and it kills the pid.
 * Scratch directories registered with a pid are deleted after it is killed, so aborted
 * runs do not pile up ~40 MB postgres data dirs in /tmp.
 */

type Cleanup = () => void;

const cleanups = new Set<Cleanup>();
const HANDLED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let installed = false;

function runCleanups(): void {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // Best effort: we are on the way out and must not skip the remaining cleanups.
    }
  }
}

function onSignal(signal: NodeJS.Signals): void {
  runCleanups();
  // If nobody else handles this signal, behave as if we had never listened: die of it.
  process.removeListener(signal, onSignal);
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', runCleanups);
  for (const signal of HANDLED_SIGNALS) process.on(signal, onSignal);
}

/**
 * Registers a synchronous cleanup to run when this process exits.
 * Returns a function that unregisters it (call it after a normal, orderly stop).
 */
export function onProcessExit(cleanup: Cleanup): () => void {
  install();
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

export interface KillOnExitOptions {
  /** Default SIGKILL. */
  signal?: NodeJS.Signals;
  /** A scratch directory (data, logs) to delete once the process is killed. */
  removeDir?: string;
}

/**
 * Sends a signal to `pid` (and optionally deletes its scratch dir) when this process
 * exits, including when it is SIGKILLed. Returns a release function for the orderly path
 * (the caller stopped the pid itself).
 */
export function killOnProcessExit(pid: number, options: KillOnExitOptions = {}): () => void {
  const signal = options.signal ?? 'SIGKILL';
  const watchdog = startWatchdog(pid, signal, options.removeDir);
  const unregister = onProcessExit(() => {
    watchdog?.kill('SIGKILL');
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
    if (options.removeDir) {
      // Retries cover files the dying process still creates while we delete.
      rmSync(options.removeDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  });
  return () => {
    unregister();
    // Kill the watchdog before its pipe closes, or it would signal a pid that may be reused.
    watchdog?.kill('SIGKILL');
    (watchdog?.stdin as Socket | null)?.destroy();
  };
}

// `read` blocks until stdin reaches EOF, which happens only when every writer (us) is gone.
// Then: signal the pid, give it up to 5 s to die, delete its scratch dir.
const WATCHDOG_SCRIPT = `read _ignored
kill -s "$1" "$2" 2>/dev/null
if [ -n "$3" ]; then
  i=0
  while kill -0 "$2" 2>/dev/null && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  rm -rf "$3"
fi`;

function startWatchdog(pid: number, signal: NodeJS.Signals, removeDir?: string): ChildProcess | undefined {
  if (process.platform === 'win32') return undefined;
  const args = ['-c', WATCHDOG_SCRIPT, 'suite-reaper', signal.replace(/^SIG/, ''), String(pid), removeDir ?? ''];
  const watchdog = spawn('/bin/sh', args, {
    stdio: ['pipe', 'ignore', 'ignore'],
    // Own process group: a Ctrl-C aimed at the test run must not kill the watchdog first.
    detached: true,
  });
  watchdog.on('error', () => undefined);
  // Neither the watchdog nor its pipe may keep the event loop (and so jest) alive.
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  return watchdog;
}
