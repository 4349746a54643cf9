import { isKnownTimeZone, offsetTransitions, wallClockOccurrences } from '@suite/local-time';
import { DateTime } from 'luxon';
import { type Duration, durationMs, TIME_OF_DAY, type WeeklyTime, WEEKDAYS } from './wait-config';

export { durationMs } from './wait-config';

/** The zone a weekly wait is read in when the contact has none (or none this runtime knows). */
export const FALLBACK_TIME_ZONE = 'America/New_York';
const DAY_MS = 86_400_000;
/** A weekly time comes round within 7 days; one more covers a skipped or repeated local time. */
const SEARCH_DAYS = 8;

/**
 * When a wait step ends, for a run that reached it at `from`.
 *  - `duration`: `from` plus the length; days and weeks are 24 h and 7 × 24 h (a wait is an
 *    amount of time: across a DST change "1 day" ends at a different local hour).
 *  - `until`: the earliest instant ≥ `from` falling on one of the weekdays at HH:MM local time in
 *    the contact's first time zone. On the day a DST jump skips HH:MM, it is the instant of the
 *    jump (the clock passes HH:MM there, as the send window rule reads it); when a fall-back
 *    repeats HH:MM, the first occurrence not before `from`.
 */
export function waitUntil(config: { duration?: Duration; until?: WeeklyTime }, from: Date, timeZones: readonly string[]): Date {
  if (config.duration) return new Date(from.getTime() + durationMs(config.duration));
  if (!config.until) return from;
  const zone = timeZones[0] !== undefined && isKnownTimeZone(timeZones[0]) ? timeZones[0] : FALLBACK_TIME_ZONE;
  const next = nextWeeklyTime(config.until, from.getTime(), zone);
  return next === null ? from : new Date(next);
}

function nextWeeklyTime(until: WeeklyTime, from: number, zone: string): number | null {
  const match = TIME_OF_DAY.exec(until.time);
  if (!match) return null;
  const minuteOfDay = Number(match[1]) * 60 + Number(match[2]);
  const weekdays = new Set(until.weekdays.map((day) => WEEKDAYS.indexOf(day) + 1));
  const onWantedDay = (at: number) => weekdays.has(DateTime.fromMillis(at, { zone }).weekday);
  const horizon = from + SEARCH_DAYS * DAY_MS;

  const candidates = wallClockOccurrences(zone, minuteOfDay, from - DAY_MS, horizon).filter((at) => at >= from);
  // A jump forward over HH:MM (02:30 on a spring-forward day): the jump itself is the moment.
  for (const at of offsetTransitions(zone, from - DAY_MS, horizon)) {
    const before = DateTime.fromMillis(at - 1, { zone });
    const after = DateTime.fromMillis(at, { zone });
    const beforeMinute = before.hour * 60 + before.minute;
    const afterMinute = after.hour * 60 + after.minute;
    if (after.hasSame(before, 'day') && beforeMinute < minuteOfDay && afterMinute > minuteOfDay && at >= from)
      candidates.push(at);
  }
  const found = candidates.filter(onWantedDay).sort((a, b) => a - b);
  return found[0] ?? null;
}
