/** The knobs of `npm run bench:webhooks` (documented in bench-webhooks.ts' header). */
import { positiveIntEnv as intEnv } from '../bench-env';

/** A non-negative integer knob (0 allowed). */
const countEnv = (name: string, fallback: number): number => {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

export const SETTINGS = {
  /** Companies, each with one webhook subscribed to sms.sent at its own receiver path. */
  endpoints: intEnv('BENCH_WEBHOOK_ENDPOINTS', 10),
  /** Events of the sustained-throughput, baseline and isolation runs. */
  events: intEnv('BENCH_WEBHOOK_EVENTS', 20_000),
  /** Events delivered (and waited for) before anything is measured: JIT, pools, connections. */
  warmupEvents: intEnv('BENCH_WEBHOOK_WARMUP_EVENTS', 1_000),
  /** Events per outbox transaction in the throughput runs. */
  batch: intEnv('BENCH_WEBHOOK_BATCH', 500),
  /** The fixed rate of the latency run, events/s, and how long it lasts. */
  rate: intEnv('BENCH_WEBHOOK_RATE', 500),
  rateSeconds: intEnv('BENCH_WEBHOOK_RATE_SECONDS', 15),
  /** One transaction every this many ms in the latency run. */
  rateTickMs: intEnv('BENCH_WEBHOOK_RATE_TICK_MS', 10),
  /** The longest wait for a run's deliveries once its events are committed. */
  waitSeconds: intEnv('BENCH_WEBHOOK_WAIT_SECONDS', 120),
  /** The baseline's requests in flight. */
  baselineConcurrency: intEnv('BENCH_WEBHOOK_BASELINE_CONCURRENCY', 64),
  /** The durable baseline's claiming workers (each with its database connection). */
  durableWorkers: intEnv('BENCH_WEBHOOK_DURABLE_WORKERS', 4),
  /** The replica-killed run: events/s, its length, when a replica is killed and when it starts again (0: never). */
  killRate: intEnv('BENCH_WEBHOOK_KILL_RATE', 200),
  killSeconds: intEnv('BENCH_WEBHOOK_KILL_SECONDS', 40),
  killAtSeconds: intEnv('BENCH_WEBHOOK_KILL_AT_SECONDS', 10),
  killRestartSeconds: countEnv('BENCH_WEBHOOK_KILL_RESTART_SECONDS', 5),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
};

export const GOALS = { deliveriesPerSecond: 2_000, ratio: 0.5, p99Ms: 200, isolationCost: 0.1, replicaKilledP99Ms: 15_000 };

export type Settings = typeof SETTINGS;
