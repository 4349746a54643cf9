import { EntitySchema } from 'typeorm';

/** `queued`: waits for run_at. `running`: claimed under a lease. `failed`: out of attempts, kept for an operator. */
export type JobStatus = 'queued' | 'running' | 'failed';

/** A job row. A job that succeeds is deleted: its outcome lives in the business row it served. */
export interface JobRow {
  id: string;
  queue: string;
  /** Jobs sharing a key (a webhook endpoint, say) run at most the queue's perKeyConcurrency at a time. */
  concurrency_key: string | null;
  payload: unknown;
  status: JobStatus;
  /** Attempts started (a claim counts one, even when its worker died). */
  attempts: number;
  /** When it may be claimed next: its due time, then the time of its next retry. */
  run_at: Date;
  /** While running: the lease. Passed, the job is claimed again (its worker is presumed dead). */
  locked_until: Date | null;
  /** Identifies one claim: every later write of that claim is guarded by it. */
  lock_token: string | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export const JOBS_TABLE = 'jobs';

/**
 * No `schema` option: the app's DataSource schema applies, so each app has its own `jobs` table,
 * created by its own migrations (add `jobsEntities` to the app's entities and generate one).
 */
export const JobEntitySchema = new EntitySchema<JobRow>({
  name: 'JobsJob',
  tableName: JOBS_TABLE,
  columns: {
    id: { name: 'id', type: 'uuid', primary: true },
    queue: { name: 'queue', type: 'varchar', length: 100 },
    concurrency_key: { name: 'concurrency_key', type: 'varchar', length: 255, nullable: true },
    payload: { name: 'payload', type: 'jsonb' },
    status: { name: 'status', type: 'varchar', length: 16, default: 'queued' },
    attempts: { name: 'attempts', type: 'int', default: 0 },
    run_at: { name: 'run_at', type: 'timestamptz', default: () => 'now()' },
    locked_until: { name: 'locked_until', type: 'timestamptz', nullable: true },
    lock_token: { name: 'lock_token', type: 'uuid', nullable: true },
    last_error: { name: 'last_error', type: 'text', nullable: true },
    created_at: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    updated_at: { name: 'updated_at', type: 'timestamptz', default: () => 'now()' },
  },
  indices: [
    // The claim: due jobs of a queue in run_at order. Failed rows stay out of it.
    { name: 'jobs_due_idx', columns: ['queue', 'run_at'], where: `"status" = 'queued'` },
    // The per-key claim: the keys with queued jobs (a skip scan), then each key's oldest due ones.
    { name: 'jobs_key_due_idx', columns: ['queue', 'concurrency_key', 'run_at'], where: `"status" = 'queued'` },
    // The claim of expired leases, and the per-key count of running jobs.
    { name: 'jobs_running_idx', columns: ['queue', 'concurrency_key', 'locked_until'], where: `"status" = 'running'` },
  ],
});

/** Add to the DataSource `entities` of every app that runs jobs (and so to its generated migrations). */
export const jobsEntities = [JobEntitySchema] as const;
