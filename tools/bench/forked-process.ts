import { fork } from 'node:child_process';

/** A bench's helper process (a baseline) forked from a compiled script beside the bench. */
export interface ForkedProcess {
  pid: number;
  /** Its exit code once it has exited by itself (a crash), else null. */
  exitCode(): number | null;
  stop(): Promise<void>;
}

/**
 * Forks `script` (a path of dist/) with `env` added to this process's, and resolves once it says
 * `{kind: 'ready'}` over IPC. It is killed when this process exits, however it exits (the hard time
 * limit included); `stop` disconnects (its cue to stop) and kills it after 10 s.
 */
export async function forkUntilReady(options: {
  name: string;
  script: string;
  env: Record<string, string>;
  timeoutMs: number;
}): Promise<ForkedProcess> {
  const child = fork(options.script, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...options.env },
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping = false;
  const stop = async () => {
    stopping = true;
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.disconnect();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the ${options.name} did not say it was ready in ${options.timeoutMs / 1000} s`)),
        options.timeoutMs,
      );
      child.once('exit', (code) => reject(new Error(`the ${options.name} exited with code ${code}`)));
      child.on('message', (message: { kind: string }) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    pid: child.pid!,
    exitCode: () => (stopping ? null : (child.exitCode ?? (child.signalCode === null ? null : 1))),
    stop,
  };
}
