/** The knobs of `npm run bench:crm` (documented in bench-crm.ts' header). */
import { positiveIntEnv as intEnv } from '../bench-env';

export const SETTINGS = {
  /** The two sizes the list is measured at: its latency must not grow from one to the other. */
  smallContacts: intEnv('BENCH_CRM_SMALL', 10_000),
  contacts: intEnv('BENCH_CRM_CONTACTS', 100_000),
  stages: intEnv('BENCH_CRM_STAGES', 8),
  perPage: intEnv('BENCH_CRM_PER_PAGE', 15),
  /** The random-page run picks one of a random stage's first this many pages. */
  pages: intEnv('BENCH_CRM_PAGES', 20),
  warmupSeconds: intEnv('BENCH_CRM_WARMUP_SECONDS', 2),
  /** A target's first run warms up this long instead: JIT and the pool from cold, else the first size measured pays for them. */
  firstWarmupSeconds: intEnv('BENCH_CRM_FIRST_WARMUP_SECONDS', 10),
  seconds: intEnv('BENCH_CRM_SECONDS', 10),
  listConnections: intEnv('BENCH_CRM_LIST_CONNECTIONS', 8),
  /** The paced list run: this many requests/s evenly spaced (open loop), below what either target sustains. */
  listRate: intEnv('BENCH_CRM_LIST_RATE', 100),
  /** Its most connections open at once. */
  listRateConnections: intEnv('BENCH_CRM_LIST_RATE_CONNECTIONS', 32),
  moveConnections: intEnv('BENCH_CRM_MOVE_CONNECTIONS', 32),
};

export const GOALS = {
  /** List p99 at `contacts` over its p99 at `smallContacts`: at most. */
  listGrowth: 1.2,
  /** List p99 over the baseline's, at `contacts`: at most. */
  listRatio: 1.5,
  /** Move-stage throughput over the baseline's: at least. */
  moveRatio: 0.5,
};
