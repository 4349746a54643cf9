import type { EntityManager } from 'typeorm';
import type { ClaimedJob, SucceededRun } from '../queue/job-queue';

/** How a group is written: the job rows still owned go, and the hook writes the business rows of those. */
export type SettleGroup<P> = (
  jobs: readonly ClaimedJob<P>[],
  hook: (manager: EntityManager, owned: ReadonlySet<string>) => Promise<void>,
) => Promise<ReadonlySet<string>>;

/** Writes a group of runs in one transaction; returns the ids of the jobs still owned (the others' claims were lost). */
export type WriteRuns<P, R> = (runs: ReadonlyArray<SucceededRun<P, R>>) => Promise<ReadonlySet<string>>;

/** The usual group write: the job rows still owned go (`write`), then `succeededMany` writes the business rows of those. */
export function completingThen<P, R>(
  write: SettleGroup<P>,
  succeededMany: (manager: EntityManager, runs: ReadonlyArray<SucceededRun<P, R>>) => Promise<void>,
): WriteRuns<P, R> {
  return (runs) =>
    write(
      runs.map((run) => run.job),
      (manager, owned) =>
        succeededMany(
          manager,
          runs.filter((run) => owned.has(run.job.id)),
        ),
    );
}

interface Waiting<P, R> {
  run: SucceededRun<P, R>;
  resolve(owned: boolean): void;
  reject(error: unknown): void;
}

/** Runs settled in one transaction at most; more wait for the next one. */
const MAX_GROUP = 256;

/**
 * Group commit for successful runs (`JobQueue.succeededMany`): a run waits while the group before
 * it is written, then goes with everything that gathered meanwhile — one transaction for many
 * jobs under load, none of the wait when idle (a lone run is written at once). If a group's
 * transaction fails, its runs are written one by one, so one bad run fails alone; a run whose own
 * write fails rejects, and its job runs again after its lease.
 */
export class GroupSettler<P, R> {
  private waiting: Waiting<P, R>[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly write: WriteRuns<P, R>) {}

  /** Resolves once written: true when the run still owned its job, false when its claim was lost. */
  settle(run: SucceededRun<P, R>): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.push({ run, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_GROUP);
        try {
          this.answer(group, await this.writeGroup(group));
        } catch {
          for (const one of group) {
            try {
              this.answer([one], await this.writeGroup([one]));
            } catch (error) {
              one.reject(error);
            }
          }
        }
      }
    } finally {
      this.writing = null;
    }
  }

  private writeGroup(group: readonly Waiting<P, R>[]): Promise<ReadonlySet<string>> {
    return this.write(group.map(({ run }) => run));
  }

  private answer(group: readonly Waiting<P, R>[], owned: ReadonlySet<string>): void {
    for (const { run, resolve } of group) resolve(owned.has(run.job.id));
  }
}
