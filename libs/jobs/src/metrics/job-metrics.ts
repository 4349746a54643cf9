import { Counter, Gauge, Histogram } from 'prom-client';
import { metricOnce } from '@suite/observability';

/** How a run ended: `lease_lost` when another run owned the job by the time this one tried to record its outcome. */
export type JobOutcome = 'succeeded' | 'retried' | 'failed' | 'abandoned' | 'lease_lost';

/*
 * Metric objects live once per process (default registry); in embedded mode the apps share them
 * and tell themselves apart by the `app` label, like eventing's.
 */
const enqueued = () =>
  metricOnce(
    'jobs_enqueued_total',
    () =>
      new Counter({
        name: 'jobs_enqueued_total',
        help: 'Jobs written (counted at enqueue, before commit)',
        labelNames: ['app', 'queue'],
      }),
  );
const finished = () =>
  metricOnce(
    'jobs_finished_total',
    () =>
      new Counter({
        name: 'jobs_finished_total',
        help: 'Job runs by outcome (succeeded, retried, failed, abandoned: its worker died on its last attempt, lease_lost)',
        labelNames: ['app', 'queue', 'outcome'],
      }),
  );
const running = () =>
  metricOnce(
    'jobs_running',
    () => new Gauge({ name: 'jobs_running', help: 'Jobs this process is running', labelNames: ['app', 'queue'] }),
  );
const waited = () =>
  metricOnce(
    'jobs_wait_seconds',
    () =>
      new Histogram({
        name: 'jobs_wait_seconds',
        help: 'From a job being due (its run_at) to its claim',
        labelNames: ['app', 'queue'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      }),
  );
const runTime = () =>
  metricOnce(
    'jobs_run_seconds',
    () =>
      new Histogram({
        name: 'jobs_run_seconds',
        help: 'How long a run took, by outcome',
        labelNames: ['app', 'queue', 'outcome'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      }),
  );

/** The job metrics of one app, with its `app` label bound. */
export class JobMetrics {
  constructor(private readonly app: string) {}

  enqueued(queue: string, count: number): void {
    enqueued().inc({ app: this.app, queue }, count);
  }

  claimed(queue: string, waitedSeconds: number): void {
    running().inc({ app: this.app, queue });
    waited().observe({ app: this.app, queue }, waitedSeconds);
  }

  finished(queue: string, outcome: JobOutcome, seconds: number): void {
    running().dec({ app: this.app, queue });
    finished().inc({ app: this.app, queue, outcome });
    runTime().observe({ app: this.app, queue, outcome }, seconds);
  }

  abandoned(queue: string, count: number): void {
    finished().inc({ app: this.app, queue, outcome: 'abandoned' }, count);
  }
}
