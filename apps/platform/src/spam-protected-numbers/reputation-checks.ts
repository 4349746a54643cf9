import { CompanyScopedRepository } from '@suite/database';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { JobsRuntime } from '@suite/jobs';
import { CLOCK, ENVIRONMENT, type Clock } from '@suite/runtime';
import type { PlatformEnvironment } from '../config/platform-environment';
import { VOICE_PROVIDER, type CarrierReputation, type VoiceProvider } from '../voice/voice-provider.port';
import {
  REPUTATION_CHECK_QUEUE,
  reputationCheckKey,
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
 * periodic checks are one chain: its first check is enqueued with the row, and each scheduled
 * check that settles (answered, or out of retries) enqueues the next one
 * PLATFORM_REPUTATION_CHECK_INTERVAL_SECONDS later; a deleted row ends its chain. `checkNow`
 * (on demand, after an edit) adds a single check that does not schedule another.
 */
@Injectable()
export class ReputationChecks implements OnModuleInit, ReputationCheckStore {
  private readonly intervalMs: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENVIRONMENT) env: PlatformEnvironment,
  ) {
    this.intervalMs = env.PLATFORM_REPUTATION_CHECK_INTERVAL_SECONDS * 1000;
  }

  onModuleInit(): void {
    this.jobs.register(reputationCheckQueue(this));
  }

  /** Starts a new row's chain of checks (its first one now), in the transaction that writes the row. */
  async startSchedule(manager: EntityManager, row: Row): Promise<void> {
    await this.enqueue(manager, row, true);
  }

  /** One check now, outside the row's schedule. */
  async checkNow(manager: EntityManager, row: Row): Promise<void> {
    await this.enqueue(manager, row, false);
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

  private scheduleNext(manager: EntityManager, row: Row): Promise<string[]> {
    return this.jobs.enqueue(manager, {
      queue: REPUTATION_CHECK_QUEUE,
      payload: { numberId: row.id, companyId: row.companyId, scheduled: true } satisfies ReputationCheckJob,
      concurrencyKey: reputationCheckKey(row.id),
      runAt: new Date(this.clock.now().getTime() + this.intervalMs),
    });
  }

  private async enqueue(manager: EntityManager, row: Row, scheduled: boolean): Promise<void> {
    await this.jobs.enqueue(manager, {
      queue: REPUTATION_CHECK_QUEUE,
      payload: { numberId: row.id, companyId: row.companyId, scheduled } satisfies ReputationCheckJob,
      concurrencyKey: reputationCheckKey(row.id),
    });
  }

  private rows(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<SpamProtectedNumberEntity> {
    return CompanyScopedRepository.of(source, SpamProtectedNumberEntity, companyId);
  }
}
