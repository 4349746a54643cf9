import { createHash } from 'node:crypto';

/** The next run of a schedule (`JobsRuntime.schedule`). */
export interface ScheduledRun<P = unknown> {
  /** The schedule: one durable row per name and app (`<queue>:<what it is about>`, say `ad_spend.sync:<account id>`). */
  readonly name: string;
  readonly queue: string;
  readonly payload: P;
  /** When it runs next; default now (the database's now). */
  readonly runAt?: Date;
  readonly concurrencyKey?: string;
}

/**
 * The job id of schedule `name`: the same on every replica and after every restart, so the
 * `jobs` table's primary key keeps one row per schedule — the row is the schedule.
 */
export function scheduleJobId(name: string): string {
  const hex = createHash('sha256').update(`schedule:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
