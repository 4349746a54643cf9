const intEnv = (name: string, fallback: number) => {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const numberEnv = (name: string, fallback: number) => {
  const value = Number.parseFloat(process.env[name] ?? '');
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** The drain section's knobs (BENCH_DRAIN_*). */
export const DRAIN_SETTINGS = {
  messages: intEnv('BENCH_DRAIN_MESSAGES', 100_000),
  numbers: intEnv('BENCH_DRAIN_NUMBERS', 100),
  /** Messages per second per sender number (the workspace's per_second_rate). */
  rate: numberEnv('BENCH_DRAIN_RATE', 5),
  /** Hard limit of the drain itself; the section reports what is left when it is hit. */
  limitSeconds: intEnv('BENCH_DRAIN_SECONDS', 240),
  /** Sandbox delivery receipts this long after acceptance: few timers pending at any time. */
  deliveryDelayMs: intEnv('BENCH_DRAIN_DELIVERY_DELAY_MS', 100),
  /**
   * Each replica's V8 old space, in MB: the heap Node gives itself in a pod of the messaging
   * Deployment (k8s/base: 512 Mi memory limit), reproduced on a host without that limit. Without
   * it V8 lets garbage build up to several times the live heap before a full collection, and RSS
   * says little about retention. docs/benchmarks.md ("Why the drain's replicas run with a pod's
   * heap") has how the figure was found.
   */
  heapMb: intEnv('BENCH_DRAIN_HEAP_MB', 211),
  /** Passed to both replicas when set (MESSAGING_SCHEDULER_BATCH_SIZE / _CONCURRENCY); the app's defaults otherwise. */
  batchSize: process.env.BENCH_DRAIN_BATCH_SIZE,
  concurrency: process.env.BENCH_DRAIN_CONCURRENCY,
};

export type DrainSettings = typeof DRAIN_SETTINGS;

/** The minimum gap between two hand-offs of one number (pacing.nextSendSlot rounds up to the ms). */
export const allowedIntervalMs = (rate: number) => Math.ceil(1000 / rate);
