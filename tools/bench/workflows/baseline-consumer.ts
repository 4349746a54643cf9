import path from 'node:path';
import { forkUntilReady, type ForkedProcess } from '../forked-process';
import { BASELINE_SCHEMA } from './baseline-schema';
import { BENCH_TAG } from './workflow-workspace';

/** The platform consumer's defaults (resolved-eventing-config.ts), which the baseline copies. */
const TRANSACTION_SIZE = 200;
const PARTITIONS_CONCURRENTLY = 3;

/** Forks baseline-consumer-process.ts on the baseline's topic and schema; resolves once it consumes. */
export function startWorkflowBaseline(options: {
  databaseUrl: string;
  poolSize: number;
  brokers: string[];
  topic: string;
  groupId: string;
  workflowId: string;
  waitMs: number;
}): Promise<ForkedProcess> {
  return forkUntilReady({
    name: 'baseline',
    script: path.join(__dirname, 'baseline-consumer-process.js'),
    timeoutMs: 60_000,
    env: {
      BASELINE_DATABASE_URL: options.databaseUrl,
      BASELINE_SCHEMA,
      BASELINE_POOL_SIZE: String(options.poolSize),
      BASELINE_BROKERS: options.brokers.join(','),
      BASELINE_TOPIC: options.topic,
      BASELINE_GROUP: options.groupId,
      BASELINE_WORKFLOW_ID: options.workflowId,
      BASELINE_TAG: BENCH_TAG,
      BASELINE_WAIT_MS: String(options.waitMs),
      BASELINE_TRANSACTION_SIZE: String(TRANSACTION_SIZE),
      BASELINE_PARTITIONS_CONCURRENTLY: String(PARTITIONS_CONCURRENTLY),
    },
  });
}
