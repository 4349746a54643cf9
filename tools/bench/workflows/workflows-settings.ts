/** The knobs of `npm run bench:workflows` (documented in bench-workflows.ts' header). */
import { positiveIntEnv as intEnv } from '../bench-env';

export const SETTINGS = {
  /** Contacts created in each of the two runs (paced, then burst), for the app and again for the baseline. */
  contacts: intEnv('BENCH_WF_CONTACTS', 10_000),
  /** The paced run creates this many contacts per second (where the first-step latency is read). */
  rate: intEnv('BENCH_WF_RATE', 500),
  /** The paced run commits one batch every this many ms. */
  batchMs: intEnv('BENCH_WF_BATCH_MS', 100),
  /** The burst run commits batches of this many contacts back to back (where throughput is read). */
  burstBatch: intEnv('BENCH_WF_BURST_BATCH', 500),
  /** A run whose runs stop progressing for this long is an error (the engine stalled). */
  stallSeconds: intEnv('BENCH_WF_STALL_SECONDS', 60),
  /** The target's RSS is sampled this often. */
  memorySampleMs: intEnv('BENCH_WF_MEMORY_SAMPLE_MS', 250),
};

export const GOALS = {
  /** Runs completed per second in the burst: at least. */
  completedPerSecond: 500,
  /** Event-to-first-step p99 in the paced run, ms: below. */
  firstStepP99Ms: 500,
  /** App completed/s over the baseline's, in the burst: at least. */
  ratio: 0.5,
  /** The app's RSS after the last run over its RSS before the first: at most ("memory flat"). */
  memoryGrowth: 1.5,
  /** The app's heap after a GC, after the last run over before the first: at most. */
  heapGrowth: 1.1,
};
