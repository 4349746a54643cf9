/** The knobs of `npm run bench:reports` (documented in bench-reports.ts' header). */
import { positiveIntEnv as intEnv } from '../bench-env';

export const SETTINGS = {
  /** Calls of the measured company, over the last 13 months (70 % with an agent). */
  calls: intEnv('BENCH_REPORTS_CALLS', 1_000_000),
  contacts: intEnv('BENCH_REPORTS_CONTACTS', 200_000),
  appointments: intEnv('BENCH_REPORTS_APPOINTMENTS', 40_000),
  smsMessages: intEnv('BENCH_REPORTS_SMS', 300_000),
  /** Spend days of each of the two ad accounts. */
  spendDays: intEnv('BENCH_REPORTS_SPEND_DAYS', 400),
  /** The second company's rows are this fraction (1/n) of the first's: scoping is real, not free. */
  otherCompanyDivisor: intEnv('BENCH_REPORTS_OTHER_DIVISOR', 20),
  /** Sequential dashboard requests per preset (and baseline statement sets). */
  dashboardRequests: intEnv('BENCH_REPORTS_DASHBOARD_REQUESTS', 200),
  /** The autocannon burst on thisMonth: seconds, connections. */
  burstSeconds: intEnv('BENCH_REPORTS_BURST_SECONDS', 5),
  burstConnections: intEnv('BENCH_REPORTS_BURST_CONNECTIONS', 4),
  /** Rows per export, and how many exports (app, then baseline). */
  exportRows: intEnv('BENCH_REPORTS_EXPORT_ROWS', 10_000),
  exportRuns: intEnv('BENCH_REPORTS_EXPORT_RUNS', 5),
  /** The platform's RSS is sampled this often during an export. */
  rssSampleMs: intEnv('BENCH_REPORTS_RSS_SAMPLE_MS', 20),
};

export const GOALS = {
  /** GET /api/dashboard/business?range=thisMonth, p99 of the sequential requests, ms: below. */
  dashboardThisMonthP99Ms: 100,
  /** Export: time to the first byte of the body, ms, every run's: below. */
  exportTtfbMs: 200,
  /** Export: the platform's RSS growth during one export, MB, largest of the runs: below. */
  exportRssGrowthMb: 20,
};

export const PRESETS = ['today', 'yesterday', 'last7', 'thisWeek', 'thisMonth', 'last30', 'lastWeek', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];
