import type { EntityManager } from 'typeorm';
import { defineJob, type ClaimedJob, type JobQueue } from '@suite/jobs';
import { ReputationUnavailableError } from '../provider/voice-errors';
import type { CarrierReputation } from '../provider/voice-provider.port';

export const REPUTATION_CHECK_QUEUE = defineJob<ReputationCheckJob>('spam.reputation-check', { app: 'platform' });

/**
 * One check of one row. `scheduled` marks the row's chain of periodic checks: only such a job
 * enqueues the next one when it settles, so each row has exactly one future scheduled check
 * however many on-demand checks (`scheduled: false`) are asked meanwhile.
 */
export interface ReputationCheckJob {
  numberId: string;
  companyId: string;
  scheduled: boolean;
}

/**
 * The carriers' answers for the number as it was when checked (an edit meanwhile makes them stale),
 * or why no source can answer for it (`unavailable`: none configured, not allowed, not monitored).
 */
export interface ReputationAnswer {
  pnumber: string;
  answers: CarrierReputation[];
  unavailable?: string;
}

/** Reads and writes the rows the queue serves (ReputationChecks). */
export interface ReputationCheckStore {
  /** The row's number now; null when the row is gone (released, deleted): the job then ends quietly. */
  numberOf(job: ReputationCheckJob): Promise<string | null>;
  ask(pnumber: string): Promise<CarrierReputation[]>;
  /** Writes the answer (when still about the row's number), and continues a scheduled chain. */
  record(manager: EntityManager, job: ReputationCheckJob, answer: ReputationAnswer | null): Promise<void>;
  /** Out of retries (a lookup that stays pending): the status stays; a scheduled chain continues. */
  gaveUp(manager: EntityManager, job: ReputationCheckJob): Promise<void>;
}

/**
 * Asks the voice provider what carriers think of a row's number. A provider that cannot answer
 * yet (VoiceProviderUnavailableError: an outage, or a lookup still pending) is asked again with
 * a doubling delay, from a minute to an hour, six runs in all; the row stays as it was meanwhile.
 * One run per row at a time (the row id is the concurrency key).
 */
export function reputationCheckQueue(store: ReputationCheckStore): JobQueue<ReputationCheckJob, ReputationAnswer | null> {
  return {
    name: REPUTATION_CHECK_QUEUE,
    concurrency: 4,
    perKeyConcurrency: 1,
    timeoutMs: 30_000,
    leaseMs: 60_000,
    pollMs: 5_000,
    stopGraceMs: 5_000,
    retry: { kind: 'exponential', maxAttempts: 6, backoff: { baseMs: 60_000, maxMs: 3_600_000 } },
    async handle(job: ClaimedJob<ReputationCheckJob>): Promise<ReputationAnswer | null> {
      const pnumber = await store.numberOf(job.payload);
      if (pnumber === null) return null;
      try {
        return { pnumber, answers: await store.ask(pnumber) };
      } catch (error) {
        // Asking again within the hour would not change it: the row says why, the schedule goes on.
        if (error instanceof ReputationUnavailableError) return { pnumber, answers: [], unavailable: error.message };
        throw error;
      }
    },
    succeeded: (manager, job, answer) => store.record(manager, job.payload, answer),
    failed: (manager, job) => store.gaveUp(manager, job.payload),
  };
}

/** The concurrency key of a row's checks. */
export const reputationCheckKey = (numberId: string): string => `spam-number:${numberId}`;

/** The row's schedule of checks (`JobsRuntime.schedule`): one row per spam-protected number. */
export const reputationCheckSchedule = (numberId: string): string => `${REPUTATION_CHECK_QUEUE}:${numberId}`;
