import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { assertSchemaName, NotificationListener } from '@suite/database';
import { JobEnqueuer, type JobsToPostpone } from './enqueue/job-enqueuer';
import { jobsChannel } from './enqueue/jobs-channel';
import type { NewJob } from './enqueue/new-job';
import type { ScheduledRun } from './enqueue/scheduled-job';
import { JobMetrics } from './metrics/job-metrics';
import { assertJobQueue, type JobQueue } from './queue/job-queue';
import { JobStore } from './worker/job-store';
import { JobWorker } from './worker/job-worker';

export interface JobsRuntimeOptions {
  appName: string;
  /** The app's schema, which holds its `jobs` table. */
  schema: string;
}

/**
 * An app's jobs: `enqueue` in the caller's transaction, and one worker per registered queue,
 * all woken by one LISTEN connection (the channel carries the queue's name) and by polling.
 */
export class JobsRuntime {
  private readonly logger: Logger;
  private readonly metrics: JobMetrics;
  private readonly store: JobStore;
  private readonly enqueuer: JobEnqueuer;
  private readonly listener: NotificationListener;
  private readonly workers = new Map<string, JobWorker<never, unknown>>();
  private started = false;
  private listenFailures = 0;

  constructor(
    dataSource: DataSource,
    private readonly options: JobsRuntimeOptions,
  ) {
    const schema = assertSchemaName(options.schema);
    this.logger = new Logger(`Jobs:${options.appName}`);
    this.metrics = new JobMetrics(options.appName);
    this.store = new JobStore(dataSource, schema);
    this.enqueuer = new JobEnqueuer(schema, this.metrics);
    this.listener = new NotificationListener(dataSource, {
      channel: jobsChannel(schema),
      role: 'jobs',
      onNotify: (queue) => this.workers.get(queue)?.notify(),
      onError: (error) => {
        // Sparse: polling covers the gap, and a database outage must not flood the log.
        if (++this.listenFailures === 1 || this.listenFailures % 20 === 0) {
          this.logger.warn(
            `jobs wake-up connection lost; polling meanwhile: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    });
  }

  /** Writes jobs in the transaction of `manager` (see JobEnqueuer); returns their ids. */
  enqueue(manager: EntityManager, jobs: NewJob | readonly NewJob[]): Promise<string[]> {
    return this.enqueuer.enqueue(manager, jobs);
  }

  /**
   * The next run of a schedule — periodic work, one durable row per schedule name (JobEnqueuer.schedule),
   * claimed by one replica, kept across restarts — in the transaction of `manager`. A schedule's
   * handler names its next run when it settles (in its `succeeded`/`failed` hook); deleting what
   * the schedule is about ends it (its run finds nothing and names no next one).
   */
  schedule<P>(manager: EntityManager, run: ScheduledRun<P>): Promise<boolean> {
    return this.enqueuer.schedule(manager, run);
  }

  /** Holds a key's queued jobs back until `until`, in the transaction of `manager` (JobEnqueuer.postpone). */
  postpone(manager: EntityManager, target: JobsToPostpone): Promise<void> {
    return this.enqueuer.postpone(manager, target);
  }

  get appName(): string {
    return this.options.appName;
  }

  /** The queues this process runs. */
  queueNames(): ReadonlySet<string> {
    return new Set(this.workers.keys());
  }

  /**
   * Runs `queue`'s jobs in this process (from start(), or at once when already started). In an
   * app, JobsModule registers every `@JobHandler` queue; apps do not call this (lint forbids it).
   */
  register<P, R>(queue: JobQueue<P, R>): void {
    assertJobQueue(queue as JobQueue<never, unknown>);
    if (this.workers.has(queue.name)) throw new Error(`jobs: queue ${queue.name} is registered twice`);
    const worker = new JobWorker(queue, this.store, this.metrics, this.options.appName);
    this.workers.set(queue.name, worker as unknown as JobWorker<never, unknown>);
    if (this.started) worker.start();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.listener.start();
    for (const worker of this.workers.values()) worker.start();
  }

  /** Stops one queue's worker (its owner may need it stopped before closing what the jobs use). */
  async stopQueue(name: string): Promise<void> {
    await this.workers.get(name)?.stop();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    await this.listener.stop();
  }
}
