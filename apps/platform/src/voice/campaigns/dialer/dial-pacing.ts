/**
 * The dialer's pacing as pure functions of what a tick read (campaign-dialer.ts applies them):
 * how many calls it may start now, and when the next tick is worth running.
 */

const MINUTE_MS = 60_000;

/** While calls are in flight and nothing else is due, the tick looks again this often (a call's end wakes it sooner). */
export const IN_FLIGHT_RECHECK_MS = 30_000;

export interface PacingState {
  readonly now: Date;
  readonly callsPerMinute: number;
  readonly maxConcurrentCalls: number;
  /** Contacts whose call is placed and not ended (state `calling`). */
  readonly calling: number;
  /** When the calls started within the last minute were placed, oldest first. */
  readonly recentCalls: readonly Date[];
}

export interface DialCapacity {
  /** Calls that may start now. */
  readonly slots: number;
  /**
   * When a slot frees up by the clock alone (the per-minute limit); null when only a call's end
   * frees one (the concurrency limit), or when slots are free now.
   */
  readonly nextSlotAt: Date | null;
}

/**
 * At most `maxConcurrentCalls` at once and `callsPerMinute` started in any sliding minute. When
 * the minute is full, a slot frees as the oldest start of the minute leaves it.
 */
export function dialCapacity(state: PacingState): DialCapacity {
  const windowStart = state.now.getTime() - MINUTE_MS;
  const recent = state.recentCalls.filter((at) => at.getTime() > windowStart);
  const byConcurrency = Math.max(0, state.maxConcurrentCalls - state.calling);
  const byRate = Math.max(0, state.callsPerMinute - recent.length);
  const slots = Math.min(byConcurrency, byRate);
  if (slots > 0 || byConcurrency === 0) return { slots, nextSlotAt: null };
  // The minute holds callsPerMinute starts or more: the (n − limit)-th oldest leaving frees one.
  const leaving = recent[recent.length - state.callsPerMinute]!;
  return { slots: 0, nextSlotAt: new Date(leaving.getTime() + MINUTE_MS) };
}

export interface TickOutlook {
  readonly now: Date;
  /** Pending contacts that may be called now (their window is open or unknown yet). */
  readonly duePending: number;
  /** The soonest `notBefore` of the pending contacts that must wait (their window opening); null when none waits. */
  readonly soonestNotBefore: Date | null;
  /** Calls in flight. */
  readonly calling: number;
  readonly capacity: DialCapacity;
}

/**
 * When the next tick should run, or null when nothing is left for the dialer to do (every contact
 * is done, or skipped; a call's end completes the campaign). The earliest of: a free slot for a
 * due contact (now, or when the minute frees one), the soonest window opening, and while calls
 * are in flight a recheck (their ends wake the dialer at once; the recheck retries a placement
 * whose tick died and covers a lost wake-up).
 */
export function nextTickAt(outlook: TickOutlook): Date | null {
  const now = outlook.now.getTime();
  const candidates: number[] = [];
  if (outlook.duePending > 0) {
    if (outlook.capacity.slots > 0) candidates.push(now);
    else if (outlook.capacity.nextSlotAt) candidates.push(outlook.capacity.nextSlotAt.getTime());
  }
  if (outlook.soonestNotBefore) candidates.push(Math.max(now, outlook.soonestNotBefore.getTime()));
  if (outlook.calling > 0) candidates.push(now + IN_FLIGHT_RECHECK_MS);
  else if (outlook.duePending > 0 && candidates.length === 0) candidates.push(now + IN_FLIGHT_RECHECK_MS);
  return candidates.length === 0 ? null : new Date(Math.min(...candidates));
}
