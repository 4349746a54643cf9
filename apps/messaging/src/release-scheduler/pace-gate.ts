import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { openTransactionOf, PreparedStatement } from '@suite/database';
import { CLOCK, type Clock } from '@suite/time';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from './release-scheduler.options';

export type PaceTurn =
  /** Hand it over once `waitMs` of real time has passed, then record the time with handedOver() in the same transaction. */
  | { readonly kind: 'go'; readonly waitMs: number }
  /** The number's turn is further away than the gate waits: give the claim back until `until`. */
  | { readonly kind: 'later'; readonly until: Date };

/**
 * Creates the markers that do not exist yet and locks all of them, in number order (two hand-off
 * batches with overlapping numbers cannot deadlock on them), in one statement.
 */
const LOCK_MARKERS = new PreparedStatement(
  'pace_gate_lock_markers',
  `INSERT INTO messaging.sender_number_hand_offs AS h (number)
   SELECT number FROM unnest($1::text[]) AS u(number) ORDER BY number
   ON CONFLICT (number) DO UPDATE SET number = h.number
   RETURNING h.number, h.last_handed_over_at`,
  'messaging',
);

const RECORD_HAND_OFFS = new PreparedStatement(
  'pace_gate_record',
  `UPDATE messaging.sender_number_hand_offs AS h SET last_handed_over_at = u.at
     FROM unnest($1::text[], $2::timestamptz[]) AS u(number, at) WHERE h.number = u.number`,
  'messaging',
);

/**
 * Pacing where it matters, at the carrier (decision 0014): inside the hand-off transaction, after
 * the message rows' locks (one global order: message rows, then the numbers' marker rows), lock the
 * numbers' `sender_number_hand_offs` rows and, for a number whose previous hand-off was less than
 * 1/rate ago, wait out the remainder while holding it, so hand-offs of one number are serialised
 * across replicas however late each claim's hand-off runs. The claim-time slots stay as the coarse
 * scheduler, so waits here are normally a few milliseconds; one longer than `paceWaitLimitMs`
 * (a tiny rate, a skewed clock) gives the claim back instead. A hand-off batch holds each number
 * once (hand-off-batches.ts), so one marker per number is all a batch locks.
 */
@Injectable()
export class PaceGate {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
  ) {}

  /** The turn of each number (distinct numbers), in the order given; their markers stay locked until commit. */
  async turns(
    manager: EntityManager,
    requests: ReadonlyArray<{ readonly number: string; readonly perSecondRate: number }>,
  ): Promise<PaceTurn[]> {
    if (requests.length === 0) return [];
    const numbers = requests.map((request) => request.number);
    if (new Set(numbers).size !== numbers.length)
      throw new Error('PaceGate.turns: a hand-off batch holds each sender number once');
    const { rows } = await LOCK_MARKERS.run<{ number: string; last_handed_over_at: Date | null }>(
      openTransactionOf(manager, 'pace-gate'),
      [numbers],
    );
    const last = new Map(rows.map((row) => [row.number, row.last_handed_over_at]));
    const now = this.clock.now().getTime();
    return requests.map(({ number, perSecondRate }): PaceTurn => {
      const previous = last.get(number);
      if (!previous) return { kind: 'go', waitMs: 0 };
      const intervalMs = Math.ceil(1000 / perSecondRate);
      // At most one interval: a clock that stepped back (or a test's) must not hold the number for long.
      const waitMs = Math.min(intervalMs, previous.getTime() + intervalMs - now);
      if (waitMs > this.options.paceWaitLimitMs) return { kind: 'later', until: new Date(now + waitMs) };
      // Real time (+1 ms for the clock's millisecond rounding): pacing is about when the carrier gets it.
      return { kind: 'go', waitMs: waitMs > 0 ? waitMs + 1 : 0 };
    });
  }

  /** Waits out a `go` turn's remainder, then reads the clock: the time the carrier gets the request. */
  async await(turn: Extract<PaceTurn, { kind: 'go' }>): Promise<Date> {
    if (turn.waitMs > 0) await sleep(turn.waitMs);
    return this.clock.now();
  }

  /**
   * Records the hand-offs `turns` let through (the rows are still locked by this transaction).
   * Written after carrier.send, not before, so nothing runs between reading the clock and the
   * carrier getting the request: the recorded time is the carrier's arrival time.
   */
  async handedOver(
    manager: EntityManager,
    handOffs: ReadonlyArray<{ readonly number: string; readonly at: Date }>,
  ): Promise<void> {
    if (handOffs.length === 0) return;
    await RECORD_HAND_OFFS.run(openTransactionOf(manager, 'pace-gate'), [
      handOffs.map((handOff) => handOff.number),
      handOffs.map((handOff) => handOff.at),
    ]);
  }
}
