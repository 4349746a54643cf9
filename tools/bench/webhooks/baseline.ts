import path from 'node:path';
import { forkUntilReady } from '../forked-process';

export interface BaselineProcess {
  pid: number;
  stop(): Promise<void>;
}

/** Where the durable baseline keeps its rows (a schema it creates and drops), and its claiming workers. */
export interface DurableStore {
  databaseUrl: string;
  schema: string;
  workers: number;
}

/**
 * Forks a baseline — baseline-process.ts (no database), or durable-baseline-process.ts when `durable`
 * is given — and resolves once its consumer runs (it is already delivering then).
 */
export async function startBaseline(options: {
  brokers: string[];
  topic: string;
  groupId: string;
  receiverUrl: string;
  /** Company id → receiver path. */
  paths: Record<string, string>;
  concurrency: number;
  durable?: DurableStore;
}): Promise<BaselineProcess> {
  const { durable } = options;
  const child = await forkUntilReady({
    name: durable ? 'durable baseline' : 'baseline',
    script: path.join(__dirname, durable ? 'durable-baseline-process.js' : 'baseline-process.js'),
    timeoutMs: 60_000,
    env: {
      BASELINE_BROKERS: options.brokers.join(','),
      BASELINE_TOPIC: options.topic,
      BASELINE_GROUP: options.groupId,
      BASELINE_RECEIVER_URL: options.receiverUrl,
      BASELINE_PATHS: JSON.stringify(options.paths),
      BASELINE_CONCURRENCY: String(options.concurrency),
      ...(durable
        ? {
            BASELINE_DATABASE_URL: durable.databaseUrl,
            BASELINE_SCHEMA: durable.schema,
            BASELINE_WORKERS: String(durable.workers),
          }
        : {}),
    },
  });
  return { pid: child.pid, stop: child.stop };
}
