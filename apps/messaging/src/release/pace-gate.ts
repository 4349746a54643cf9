import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../shared/clock';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from './release-scheduler.options';

export type PaceTurn =
  /** Hand it over now, then record `at` with handedOver() in the same transaction. */
  | { readonly kind: 'go'; readonly at: Date }
  /** The number's turn is further away than the gate waits: give the claim back until `until`. */
  | { readonly kind: 'later'; readonly until: Date };

/**
 * Pacing where it matters, at the carrier (decision 0014): inside the hand-off transaction, after
 * the message row's lock (one global order: message row, then the number's marker row), lock the
 * number's `sender_number_hand_offs` row and, if the previous hand-off of the number was less than
 * 1/rate ago, wait out the remainder while holding it, so hand-offs of one number are serialised
 * across replicas however late each claim's hand-off runs. The claim-time slots stay as the coarse
 * scheduler, so waits here are normally a few milliseconds; one longer than
 * `paceWaitLimitMs` (a tiny rate, a skewed clock) gives the claim back instead.
 */
@Injectable()
export class PaceGate {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
  ) {}

  async turn(manager: EntityManager, number: string, perSecondRate: number): Promise<PaceTurn> {
    // Upsert-and-lock in one statement: the row exists after the first hand-off of the number.
    const [row] = (await manager.query(
      `INSERT INTO messaging.sender_number_hand_offs AS h (number) VALUES ($1)
       ON CONFLICT (number) DO UPDATE SET number = h.number
       RETURNING h.last_handed_over_at`,
      [number],
    )) as Array<{ last_handed_over_at: Date | null }>;
    const last = row?.last_handed_over_at ?? null;
    if (last) {
      const now = this.clock.now().getTime();
      const intervalMs = Math.ceil(1000 / perSecondRate);
      // At most one interval: a clock that stepped back (or a test's) must not hold the number for long.
      const waitMs = Math.min(intervalMs, last.getTime() + intervalMs - now);
      if (waitMs > this.options.paceWaitLimitMs) return { kind: 'later', until: new Date(now + waitMs) };
      // Real time (+1 ms for the clock's millisecond rounding): pacing is about when the carrier gets it.
      if (waitMs > 0) await sleep(waitMs + 1);
    }
    return { kind: 'go', at: this.clock.now() };
  }

  /**
   * Records the hand-off that `turn` let through (the row is still locked by this transaction).
   * Written after carrier.send, not before, so nothing runs between reading the clock and the
   * carrier getting the request: the recorded time is the carrier's arrival time.
   */
  async handedOver(manager: EntityManager, number: string, at: Date): Promise<void> {
    await manager.query(`UPDATE messaging.sender_number_hand_offs SET last_handed_over_at = $2 WHERE number = $1`, [number, at]);
  }
}
