import { spawn } from 'node:child_process';
import path from 'node:path';
import { eventually, findFreePort } from '@suite/testing';

/** The compiled app (built by the integration global setup), as a pod runs it. */
const MAIN = path.resolve(__dirname, '../../../../dist/apps/webhook-dispatch/src/main.js');

/** webhook-dispatch running as a child process: its address, and ways to end it. */
export interface DispatcherProcess {
  readonly base: string;
  readonly pid: number;
  /** Its last output, for failure messages. */
  output(): string;
  /** SIGKILL, as an evicted or OOM-killed pod; resolves when it has exited. */
  kill(): Promise<void>;
  /** SIGTERM (graceful) unless it has exited already; SIGKILL after 15 s. */
  stop(): Promise<void>;
  /** Its readiness body (what Kubernetes reads), or null when it does not answer. */
  readiness(): Promise<{ status: number; body: string } | null>;
}

/**
 * Starts `dist/apps/webhook-dispatch/src/main.js` with `env` on top of this process's environment
 * (on 127.0.0.1, a free port, LOG_LEVEL warn: its output explains a failure) and resolves once its readiness answers 200.
 */
export async function startDispatcherProcess(env: Readonly<Record<string, string>>): Promise<DispatcherProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const base = `http://127.0.0.1:${port}`;
  const readiness = () =>
    fetch(`${base}/health/ready`).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      () => null,
    );
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (!alive()) return;
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.kill(signal);
    await exited;
    clearTimeout(force);
  };
  const started: DispatcherProcess = {
    base,
    pid: child.pid!,
    output: () => output,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    readiness,
  };
  try {
    await eventually(
      async () => (await readiness())?.status,
      (status) => status === 200,
      { timeoutMs: 60_000, what: `the dispatcher ready (${output.slice(-500)})` },
    );
  } catch (error) {
    await started.kill();
    throw error;
  }
  return started;
}
