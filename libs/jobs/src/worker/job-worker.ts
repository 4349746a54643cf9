import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { WakeSignal } from '@suite/database';
import { exponentialBackoffMs } from '@suite/time';
import type { JobMetrics, JobOutcome } from '../metrics/job-metrics';
import type { ClaimedJob, JobQueue } from '../queue/job-queue';
import { maxAttemptsOf, retryDelayMs } from '../queue/retry-schedule';
import { completingThen, GroupSettler } from './group-settler';
import type { JobStore } from './job-store';

const MAX_ERROR_LENGTH = 1_000;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
export const ABANDONED_ERROR = 'The worker stopped during the last attempt.';
/** While the database is unreachable: from the poll interval, doubling, to at most 30 s. */
const UNREACHABLE_MAX_MS = 30_000;

type Running = { controller: AbortController; done: Promise<void> };

/**
 * Runs one queue's jobs in this process: up to `concurrency` at a time, each claimed under a lease.
 * Wakes on NOTIFY (JobsRuntime), when a place frees up after a claim that found jobs, and every `pollMs`.
 * Any number of replicas run the same worker; the claim's SKIP LOCKED keeps them apart.
 *
 * Shutdown stops claiming, lets running jobs finish for `stopGraceMs`, then aborts them; an aborted
 * run is recorded as a failed attempt (retried later). No timer outlives stop().
 */
export class JobWorker<P = unknown, R = unknown> {
  private readonly logger: Logger;
  private readonly wake = new WakeSignal();
  private readonly running = new Map<string, Running>();
  private loop: Promise<void> | null = null;
  private stopped: Promise<void> | null = null;
  /** The last claim found jobs: more may be due, so a freed place claims again at once. */
  private found = false;
  private consecutiveFailures = 0;
  private lastAbandonCheck = Number.NEGATIVE_INFINITY;
  /** Successful runs written together, when the queue settles them so (`succeededMany`). */
  private readonly settler: GroupSettler<P, R> | null;

  constructor(
    private readonly queue: JobQueue<P, R>,
    private readonly store: Pick<
      JobStore,
      'claim' | 'failAbandoned' | 'complete' | 'completeMany' | 'settleMany' | 'retryLater' | 'fail'
    >,
    private readonly metrics: Pick<JobMetrics, 'claimed' | 'finished' | 'abandoned'>,
    appName: string,
  ) {
    this.logger = new Logger(`Jobs:${appName}:${queue.name}`);
    const succeededMany = queue.succeededMany?.bind(queue);
    const settleMany = queue.settleMany?.bind(queue);
    this.settler = settleMany
      ? new GroupSettler<P, R>((runs) =>
          store.settleMany(
            runs.map((run) => run.job),
            (manager, jobs) => settleMany(manager, runs, jobs),
          ),
        )
      : succeededMany
        ? new GroupSettler<P, R>(completingThen((jobs, hook) => store.completeMany(jobs, hook), succeededMany))
        : null;
  }

  start(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.run().catch((error) => this.logger.error(`job worker loop ended: ${errorText(error)}`));
  }

  /** A job of this queue may be due: look now rather than at the next poll. */
  notify(): void {
    this.wake.notify();
  }

  stop(): Promise<void> {
    this.stopped ??= this.shutDown();
    return this.stopped;
  }

  private async shutDown(): Promise<void> {
    this.wake.notify();
    await this.loop;
    const grace = setTimeout(
      () => this.running.forEach(({ controller }) => controller.abort(new Error('shutting down'))),
      this.queue.stopGraceMs,
    );
    try {
      await Promise.allSettled([...this.running.values()].map(({ done }) => done));
    } finally {
      clearTimeout(grace);
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const free = this.queue.concurrency - this.running.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const leasesDue = await this.failAbandonedIfDue();
          const jobs = await this.store.claim({
            queue: this.queue.name,
            limit: free,
            leaseMs: this.queue.leaseMs,
            lockToken: randomUUID(),
            ...(this.queue.claimFollowUp ? { followUp: this.queue.claimFollowUp } : {}),
            ...(this.queue.perKeyConcurrency === undefined
              ? {}
              : { perKeyConcurrency: this.queue.perKeyConcurrency, reclaimExpired: leasesDue }),
          });
          this.consecutiveFailures = 0;
          claimed = jobs.length;
          this.found = claimed > 0;
          for (const job of jobs) this.begin(job as ClaimedJob<P>);
        } catch (error) {
          // The database is unreachable: claimed jobs keep their lease and are claimed again later.
          this.consecutiveFailures++;
          if (this.consecutiveFailures === 1 || this.consecutiveFailures % 20 === 0) {
            this.logger.warn(`could not reach the jobs table: ${errorText(error)}`);
          }
          const backoff = { baseMs: this.queue.pollMs, maxMs: Math.min(UNREACHABLE_MAX_MS, 32 * this.queue.pollMs) };
          await this.wake.wait(exponentialBackoffMs(this.consecutiveFailures + 1, backoff));
          continue;
        }
      }
      // A full claim suggests more are due: claim again now. A partial one may have been cut by a
      // per-key limit (one busy endpoint): claim again as soon as one of its jobs ends.
      if (free > 0 && claimed === free) continue;
      await this.wake.wait(this.queue.pollMs);
    }
  }

  /**
   * Expired leases are looked at most once per poll interval: failing the abandoned ones is a write,
   * reclaiming the others a statement of its own, and a dead worker's jobs are rare. True when due
   * (the claim that follows looks for expired leases too).
   */
  private async failAbandonedIfDue(): Promise<boolean> {
    if (performance.now() - this.lastAbandonCheck < this.queue.pollMs) return false;
    this.lastAbandonCheck = performance.now();
    const failed = this.queue.failed?.bind(this.queue);
    const count = await this.store.failAbandoned(
      this.queue.name,
      maxAttemptsOf(this.queue.retry),
      ABANDONED_ERROR,
      async (job, manager) => failed?.(manager, job as ClaimedJob<P>, ABANDONED_ERROR),
    );
    if (count > 0) {
      this.metrics.abandoned(this.queue.name, count);
      this.logger.warn(`${count} job(s) failed: their worker stopped during the last attempt`);
    }
    return true;
  }

  private begin(job: ClaimedJob<P>): void {
    const controller = new AbortController();
    this.metrics.claimed(this.queue.name, job.waitedSeconds);
    const started = performance.now();
    const done = this.execute(job, controller.signal)
      .then((outcome) => this.metrics.finished(this.queue.name, outcome, (performance.now() - started) / 1000))
      .finally(() => {
        this.running.delete(job.id);
        if (this.found) this.wake.notify();
      });
    this.running.set(job.id, { controller, done });
  }

  private async execute(job: ClaimedJob<P>, signal: AbortSignal): Promise<JobOutcome> {
    const controller = new AbortController();
    const abort = (reason: unknown) => controller.abort(reason);
    signal.addEventListener('abort', () => abort(signal.reason), { once: true });
    const deadline = setTimeout(
      () => abort(new Error(`the job took longer than ${this.queue.timeoutMs} ms`)),
      this.queue.timeoutMs,
    );
    try {
      let result: R;
      try {
        result = await untilAborted(this.queue.handle(job, controller.signal), controller.signal);
      } catch (error) {
        clearTimeout(deadline);
        return await this.recordFailure(job, error);
      }
      clearTimeout(deadline);
      const recorded = await this.complete(job, result);
      return recorded ? 'succeeded' : this.claimLost(job);
    } catch (error) {
      // The outcome could not be written (the database went away): the job runs again after its lease.
      this.logger.warn(`job ${job.id}: could not record the outcome of attempt ${job.attempt}: ${errorText(error)}`);
      return 'lease_lost';
    } finally {
      clearTimeout(deadline);
    }
  }

  private complete(job: ClaimedJob<P>, result: R): Promise<boolean> {
    if (this.settler) return this.settler.settle({ job, result });
    const succeeded = this.queue.succeeded?.bind(this.queue);
    return this.store.complete(job, succeeded && ((manager) => succeeded(manager, job, result)));
  }

  private async recordFailure(job: ClaimedJob<P>, error: unknown): Promise<JobOutcome> {
    const reason = errorText(error);
    const delayMs = this.queue.isPermanent?.(error) ? null : retryDelayMs(this.queue.retry, job.attempt);
    if (delayMs === null) {
      const failed = this.queue.failed?.bind(this.queue);
      if (!(await this.store.fail(job, reason, failed && ((manager) => failed(manager, job, reason)))))
        return this.claimLost(job);
      this.logger.warn(`job ${job.id} failed after ${job.attempt} attempt(s): ${reason}`);
      return 'failed';
    }
    const willRetry = this.queue.willRetry?.bind(this.queue);
    const recorded = await this.store.retryLater(job, reason, delayMs, willRetry && ((m) => willRetry(m, job, reason, delayMs)));
    if (!recorded) return this.claimLost(job);
    this.logger.warn(`job ${job.id} attempt ${job.attempt} failed, retrying in ${delayMs} ms: ${reason}`);
    return 'retried';
  }

  private claimLost(job: ClaimedJob<P>): JobOutcome {
    this.logger.warn(`job ${job.id}: the lease expired before the outcome was recorded; another run owns it`);
    return 'lease_lost';
  }
}

/** The handler's result, or the abort reason as soon as the signal fires: a handler that ignores its signal cannot hold up shutdown. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
