import path from 'node:path';
import { forkUntilReady } from '../forked-process';

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
  const child = await forkUntilReady({
    name: 'baseline',
    script: path.join(__dirname, 'baseline-process.js'),
    timeoutMs: 60_000,
    env: {
      BASELINE_BROKERS: options.brokers.join(','),
      BASELINE_TOPIC: options.topic,
      BASELINE_GROUP: options.groupId,
      BASELINE_RECEIVER_URL: options.receiverUrl,
      BASELINE_PATHS: JSON.stringify(options.paths),
      BASELINE_CONCURRENCY: String(options.concurrency),
    },
  });
  return { pid: child.pid, stop: child.stop };
}
