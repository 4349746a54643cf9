import type { BenchServices } from '../bench-services';

/** What every section of `npm run bench:messaging` gets: the servers the main started. */
export interface BenchContext {
  services: BenchServices & { brokers: string[] };
}

/** One part of the benchmark; the main runs them in order and each prints what it measured. */
export interface BenchSection {
  name: string;
  /** Its share of the run's hard time limit. */
  budgetSeconds: number;
  run(context: BenchContext): Promise<void>;
}
