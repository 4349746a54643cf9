import { fork } from 'node:child_process';
import path from 'node:path';

export interface BaselineProcess {
  pid: number;
  stop(): Promise<void>;
}

/** Forks baseline-process.ts and resolves once its consumer runs (it is already delivering then). */
export async function startBaseline(options: {
  brokers: string[];
  topic: string;
  groupId: string;
  receiverUrl: string;
  /** Company id → receiver path. */
  paths: Record<string, string>;
  concurrency: number;
}): Promise<BaselineProcess> {
  const child = fork(path.join(__dirname, 'baseline-process.js'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BASELINE_BROKERS: options.brokers.join(','),
      BASELINE_TOPIC: options.topic,
      BASELINE_GROUP: options.groupId,
      BASELINE_RECEIVER_URL: options.receiverUrl,
      BASELINE_PATHS: JSON.stringify(options.paths),
      BASELINE_CONCURRENCY: String(options.concurrency),
    },
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.disconnect();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the baseline did not start consuming in 60 s')), 60_000);
      child.once('exit', (code) => reject(new Error(`the baseline exited with code ${code}`)));
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
  return { pid: child.pid!, stop };
}
