import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { JobHandler, JobsRuntime, type JobQueue } from '@suite/jobs';
import { CLOCK, type Clock } from '@suite/time';
import { SpamProtectionEnvironment } from './spam-protection-environment';
import { VOICE_PROVIDER, type CarrierReputation, type VoiceProvider } from '../provider/voice-provider.port';
import {
  REPUTATION_CHECK_QUEUE,
  reputationCheckKey,
  reputationCheckSchedule,
  reputationCheckQueue,
  type ReputationAnswer,
  type ReputationCheckJob,
  type ReputationCheckStore,
} from './reputation-check.queue';
import { reputationOutcome } from './spam-number-rules';
import { SpamProtectedNumberEntity } from './spam-protected-number.entity';

type Row = Pick<SpamProtectedNumberEntity, 'id' | 'companyId'>;

/**
 * The reputation checks of spam-protected numbers, on the `spam.reputation-check` queue. A row's
 * periodic checks are one schedule (`JobsRuntime.schedule`, named after the row: one durable row,
 * run by one replica): its first check is set with the row, and each scheduled check that settles
 * (answered, or out of retries) sets the next one PLATFORM_REPUTATION_CHECK_INTERVAL_SECONDS
 * later; a deleted row ends it. `checkNow` (on demand, after an edit) adds a single check that
 * does not schedule another.
 */
@Injectable()
export class ReputationChecks implements ReputationCheckStore {
  private readonly intervalMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    env: SpamProtectionEnvironment,
  ) {
    this.intervalMs = env.PLATFORM_REPUTATION_CHECK_INTERVAL_SECONDS * 1000;
  }

  @JobHandler(REPUTATION_CHECK_QUEUE)
  checkQueue(): JobQueue<ReputationCheckJob, ReputationAnswer | null> {
    return reputationCheckQueue(this);
  }

  /** Starts a new row's schedule of checks (its first one now), in the transaction that writes the row. */
  async startSchedule(manager: EntityManager, row: Row): Promise<void> {
    await this.scheduleAt(manager, row, undefined);
  }

  /** One check now, outside the row's schedule. */
  async checkNow(manager: EntityManager, row: Row): Promise<void> {
    await this.jobs.enqueue(manager, {
      queue: REPUTATION_CHECK_QUEUE,
      payload: { numberId: row.id, companyId: row.companyId, scheduled: false } satisfies ReputationCheckJob,
      concurrencyKey: reputationCheckKey(row.id),
    });
  }

  async numberOf(job: ReputationCheckJob): Promise<string | null> {
    const row = await this.rows(this.dataSource, job.companyId).findOne({
      select: { pnumber: true },
      where: { id: job.numberId },
    });
    return row?.pnumber ?? null;
  }

  ask(pnumber: string): Promise<CarrierReputation[]> {
    return this.provider.checkReputation(pnumber);
  }

  async record(manager: EntityManager, job: ReputationCheckJob, answer: ReputationAnswer | null): Promise<void> {
    if (answer === null) return;
    const rows = this.rows(manager, job.companyId);
    const row = await rows.findOne({ where: { id: job.numberId }, lock: { mode: 'pessimistic_write' } });
    if (!row) return;
    // An edit since the question makes the answer about another number; the edit's own check follows.
    if (row.pnumber === answer.pnumber) {
      if (answer.unavailable !== undefined) {
        // The last real answer (if any) stands; a number never answered stays In Progress, with the reason.
        await rows.update({ id: row.id }, { statusReason: answer.unavailable.slice(0, 255) });
      } else {
        const { status, carriers } = reputationOutcome(answer.answers);
        await rows.update(
          { id: row.id },
          { status, flaggedCarriers: carriers, lastCheckedAt: this.clock.now(), statusReason: null },
        );
      }
    }
    if (job.scheduled) await this.scheduleNext(manager, row);
  }

  async gaveUp(manager: EntityManager, job: ReputationCheckJob): Promise<void> {
    if (!job.scheduled) return;
    const row = await this.rows(manager, job.companyId).findOne({
      select: { id: true, companyId: true },
      where: { id: job.numberId },
    });
    if (row) await this.scheduleNext(manager, row);
  }

  private scheduleNext(manager: EntityManager, row: Row): Promise<void> {
    return this.scheduleAt(manager, row, new Date(this.clock.now().getTime() + this.intervalMs));
  }

  /** The row's next scheduled check; `runAt` undefined: now. */
  private async scheduleAt(manager: EntityManager, row: Row, runAt: Date | undefined): Promise<void> {
    await this.jobs.schedule(manager, {
      name: reputationCheckSchedule(row.id),
      queue: REPUTATION_CHECK_QUEUE,
      payload: { numberId: row.id, companyId: row.companyId, scheduled: true } satisfies ReputationCheckJob,
      concurrencyKey: reputationCheckKey(row.id),
      ...(runAt ? { runAt } : {}),
    });
  }

  private rows(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<SpamProtectedNumberEntity> {
    return CompanyScopedRepository.of(source, SpamProtectedNumberEntity, companyId);
  }
}
