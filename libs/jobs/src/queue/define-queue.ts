import type { JobName } from '../handlers/job-name';
import type { JobQueue } from './job-queue';
import type { RetrySchedule } from './retry-schedule';

/**
 * How a queue's runs are paced: JobQueue's numbers, with the lease derived from the run's timeout
 * unless a queue needs a longer one. Every queue used to spell the same seven fields out (and the
 * same `leaseMs: 2 * timeoutMs`); this is that preamble once.
 */
export interface QueuePace {
  readonly concurrency: number;
  readonly perKeyConcurrency?: number;
  readonly timeoutMs: number;
  /** Default: twice `timeoutMs`, the least assertJobQueue accepts (a live worker never loses its job). */
  readonly leaseMs?: number;
  readonly pollMs: number;
  readonly stopGraceMs: number;
  readonly retry: RetrySchedule;
}

/** What a queue's runs do, and what its settling transactions write (JobQueue's hooks). */
export type QueueWork<P, R> = Pick<
  JobQueue<P, R>,
  'handle' | 'claimFollowUp' | 'isPermanent' | 'succeeded' | 'succeededMany' | 'settleMany' | 'willRetry' | 'failed'
>;

/** A queue named `name`, paced by `pace`, doing `work`: the hooks' parameters are typed from the job's name. */
export function defineQueue<P, R>(name: JobName<P>, pace: QueuePace, work: QueueWork<P, R>): JobQueue<P, R> {
  const { leaseMs = 2 * pace.timeoutMs, ...numbers } = pace;
  return { name, ...numbers, leaseMs, ...work };
}

/** One delay per retry, in order: runs = delays + 1. */
export function fixedRetry(delaysMs: readonly number[]): RetrySchedule {
  return { kind: 'fixed', delaysMs };
}
