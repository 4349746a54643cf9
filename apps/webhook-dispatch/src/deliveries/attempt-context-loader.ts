import type { AttemptContext } from './attempt-context';
import type { WebhookDeliverJob } from './webhook-deliver.job';

interface Waiting {
  job: WebhookDeliverJob;
  resolve(context: AttemptContext | null): void;
  reject(error: unknown): void;
}

/**
 * Gathers the reads a claim's runs ask for in the same turn of the event loop (the worker starts
 * them one after another) into one query: one round trip and one plan for a claim of 50 jobs,
 * not 50. A failed query fails every run that asked (each is retried like any failed run).
 */
export class AttemptContextLoader {
  private waiting: Waiting[] = [];

  constructor(private readonly loadMany: (jobs: readonly WebhookDeliverJob[]) => Promise<Map<string, AttemptContext>>) {}

  load(job: WebhookDeliverJob): Promise<AttemptContext | null> {
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ job, resolve, reject }) === 1) queueMicrotask(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.loadMany(batch.map(({ job }) => job)).then(
      (found) => {
        for (const { job, resolve } of batch) resolve(found.get(job.deliveryId) ?? null);
      },
      (error: unknown) => {
        for (const { reject } of batch) reject(error);
      },
    );
  }
}
