import { DEFAULT_NEW_CONTACT_LOOKBACK_DAYS } from './scheduling-defaults';

/** How a new sender number's daily cap on new contacts grows (see scheduling-defaults.ts). */
export interface WarmupSettings {
  /** Cap on the day the number joined the pool (day 0). */
  readonly startPerDay: number;
  /** Cap once warmed up. */
  readonly maxPerDay: number;
  /** Days from start to max; 0 means no warm-up (max from day 0). */
  readonly warmupDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The pacing day an instant belongs to, `YYYY-MM-DD` in UTC. Daily caps count per UTC day, as
 * iMessage providers that publish a daily cap reset it (Tuco: 00:00 UTC), and one day for every
 * recipient keeps a number's count in a single row whatever zones its contacts are in.
 */
export function pacingDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * How many NEW contacts the number may reach on `now`'s pacing day. Linear growth in whole
 * daily steps: day d of the warm-up (UTC days since the number was added) allows
 * start + floor((max - start) × d / warmupDays), reaching max on day warmupDays and after.
 * Linear rather than doubling: a doubling ramp spends most of its days far below the cap and
 * then jumps by the largest step right at the end, exactly when the line's reputation is least
 * proven. A clock behind `addedAt` gives the day-0 cap.
 */
export function dailyNewContactCap(addedAt: Date, now: Date, settings: WarmupSettings): number {
  const { startPerDay, maxPerDay, warmupDays } = settings;
  if (!(startPerDay >= 0 && maxPerDay >= startPerDay && warmupDays >= 0)) {
    throw new RangeError(
      `warm-up needs 0 <= start <= max and days >= 0, got start ${startPerDay}, max ${maxPerDay}, days ${warmupDays}`,
    );
  }
  const day = Math.max(0, utcDayNumber(now) - utcDayNumber(addedAt));
  if (day >= warmupDays) return maxPerDay;
  return startPerDay + Math.floor(((maxPerDay - startPerDay) * day) / warmupDays);
}

/**
 * Reserves the number's next hand-off slot, GCRA-style with no burst: slots are at least
 * 1/rate apart, so the number never exceeds `perSecondRate` messages in any second. The
 * interval is rounded UP to the millisecond (3/s → 334 ms), erring below the rate. Store the
 * returned slot as the number's `previousSlot`; a slot in the future means "wait until then".
 */
export function nextSendSlot(previousSlot: Date | null, now: Date, perSecondRate: number): Date {
  if (!(perSecondRate > 0 && Number.isFinite(perSecondRate)))
    throw new RangeError(`per-second rate must be a positive number, got ${perSecondRate}`);
  if (!previousSlot) return now;
  const earliest = previousSlot.getTime() + Math.ceil(1000 / perSecondRate);
  return earliest > now.getTime() ? new Date(earliest) : now;
}

/**
 * Whether a message from a number to a contact is a NEW contact for that number, and so spends
 * one of today's warm-up allowance: true when the two have exchanged nothing — outbound handed
 * to the carrier or inbound received — within the lookback (30 days, Sendblue's rule). A
 * contact who wrote first is not cold outreach; a second message the same day is no longer
 * new, so one contact costs the allowance once. `lastExchangeAt` excludes the candidate itself.
 */
export function isNewContactForNumber(
  lastExchangeAt: Date | null,
  now: Date,
  lookbackDays: number = DEFAULT_NEW_CONTACT_LOOKBACK_DAYS,
): boolean {
  if (!lastExchangeAt) return true;
  return now.getTime() - lastExchangeAt.getTime() >= lookbackDays * DAY_MS;
}

function utcDayNumber(instant: Date): number {
  return Math.floor(instant.getTime() / DAY_MS);
}
