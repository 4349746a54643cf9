import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ambiguousHandOffs } from '../hand-offs/hand-off-records';
import { applyStatusEvent } from '@suite/message-status';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity, MESSAGES_TABLE } from '../messages/message.entity';
import { CLOCK, type Clock } from '@suite/time';
import { ReleaseMetrics } from './release-metrics';
import { changeStatusAndAnnounce } from '../messages/message-status-change';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from './release-scheduler.options';

async function firstAmbiguousHandOff(manager: EntityManager, messageId: string): Promise<Date | null> {
  const [handOff] = await ambiguousHandOffs(manager, [messageId]);
  return handOff?.startedAt ?? null;
}

/** failure_reason of a message whose last allowed attempt was abandoned. */
export const ABANDONED = 'scheduler_stopped: the scheduler stopped during the last allowed hand-off attempt';

/**
 * Step 3 of a tick: `sending` rows claimed longer ago than the claim timeout and never handed
 * over belonged to a scheduler that died between claim and hand-off; they go back to the queue.
 * Rows locked right now are skipped (SKIP LOCKED): a live hand-off holds its row's lock while it
 * talks to the carrier. A claim on its last allowed attempt ends `failed` instead, so a message
 * that kills its scheduler cannot loop forever.
 *
 * A scheduler that died DURING carrier.send leaves its row `sending` (the transaction never
 * committed) and its hand-off recorded `in_flight` (message_hand_offs): the message is given back,
 * and its next hand-off asks the provider whether it has it before sending anything (decision 0038).
 */
@Injectable()
export class ClaimSweeper {
  private readonly logger = new Logger('ReleaseScheduler');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
    private readonly events: MessageEventsWriter,
    private readonly metrics: ReleaseMetrics,
  ) {}

  /** Returns how many stuck claims were given back or failed. */
  async sweep(limit = 100): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const stuck = await manager
        .getRepository(MessageEntity)
        .createQueryBuilder('m')
        // handed_over_at may be set on a `sending` row: a hand-off whose answer was lost, claimed again (decision 0038).
        .where(`m.status = 'sending' AND m.claimedAt < :cutoff`, {
          cutoff: new Date(now.getTime() - this.options.claimTimeoutMs),
        })
        .orderBy('m.claimedAt', 'ASC')
        .limit(limit)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const message of stuck) {
        if (message.sendAttempts >= this.options.retry.maxAttempts) {
          await changeStatusAndAnnounce(manager, this.events, {
            table: MESSAGES_TABLE,
            id: message.id,
            event: 'reject',
            set: { failure_reason: ABANDONED },
          });
          this.metrics.released('failed');
        } else {
          // A hand-off recorded in flight and never settled (its process died during carrier.send) may be at the provider:
          // the message counts as handed over from then (a cancel is 409), and its next hand-off looks it up first.
          const inFlight = await firstAmbiguousHandOff(manager, message.id);
          await applyStatusEvent(manager, {
            table: MESSAGES_TABLE,
            id: message.id,
            event: 'requeue',
            set: { claimed_at: null, release_after: now, ...(inFlight ? { handed_over_at: inFlight } : {}) },
          });
          this.metrics.released('requeued');
        }
      }
      if (stuck.length > 0)
        this.logger.warn(
          `gave back ${stuck.length} message(s) claimed before ${this.options.claimTimeoutMs} ms ago and never handed over`,
        );
      return stuck.length;
    });
  }
}
