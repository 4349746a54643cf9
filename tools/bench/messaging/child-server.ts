import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A target of the benchmark running as its own node process (its own event loop, like a pod). */
export interface ChildServer {
  readonly url: string;
  /** The process id (CPU accounting). */
  readonly pid: number;
  /** The last lines it wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

const OUTPUT_TAIL = 4000;

/**
 * Starts `script` (relative to dist/) with `env` and resolves once `readyPath` answers 200.
 * The process is killed when this one exits, however it exits (the hard time limit included).
 */
export async function startChildServer(options: {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  timeoutMs: number;
  nodeArgs?: string[];
}): Promise<ChildServer> {
  const distRoot = path.resolve(__dirname, '..', '..', '..');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(distRoot, options.script)], {
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const url = `http://127.0.0.1:${options.port}`;
  const server: ChildServer = {
    url,
    pid: child.pid!,
    output: () => tail,
    stop: () => stopChild(child, killOnExit),
  };
  try {
    await waitReady(child, `${url}${options.readyPath}`, options.timeoutMs);
  } catch (error) {
    await server.stop();
    throw new Error(`${options.name} did not become ready: ${error instanceof Error ? error.message : String(error)}\n${tail}`);
  }
  return server;
}

async function waitReady(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} answered ${status || 'nothing'} for ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGTERM (graceful shutdown), SIGKILL after 10 s. */
function stopChild(child: ChildProcess, killOnExit: () => void): Promise<void> {
  process.removeListener('exit', killOnExit);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
