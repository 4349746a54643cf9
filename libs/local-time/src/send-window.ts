import { DateTime } from 'luxon';
import { isKnownTimeZone } from './known-time-zones';

/**
 * Local hours in which messages may be handed to the carrier (messaging) or calls placed (the
 * platform's dialer campaigns): `HH:MM` to `HH:MM`, start inclusive, end exclusive (08:00–21:00
 * lets 20:59:59 go, not 21:00). `end` may be `24:00` (until midnight); `start` after `end` is an
 * overnight window (22:00–06:00).
 */
export interface SendWindow {
  readonly start: string;
  readonly end: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How far ahead nextWindowOpening looks: a daily window that can open at all opens within a day or two. */
const SEARCH_HORIZON_MS = 8 * DAY_MS;
/** Offset changes (DST) are found by sampling this often, then narrowed down by bisection. */
const TRANSITION_SAMPLE_MS = 6 * 60 * MINUTE_MS;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The window in minutes after local midnight; throws RangeError naming what is wrong. */
export function parseSendWindow(window: SendWindow): { startMinute: number; endMinute: number } {
  const startMinute = minuteOf(window.start, 'start');
  const endMinute = window.end === '24:00' ? 24 * 60 : minuteOf(window.end, 'end');
  if (startMinute === endMinute)
    throw new RangeError(`send window start and end are both ${window.start}: the window would be empty`);
  return { startMinute, endMinute };
}

/** True when parseSendWindow accepts the window (for validating settings). */
export function isValidSendWindow(window: SendWindow): boolean {
  try {
    parseSendWindow(window);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the window is open at `instant` in EVERY zone. The rule is on the wall clock: open
 * when the local time of day is inside the window. So on a spring-forward day a window starting
 * at 02:30 (a time that does not exist) opens at 03:00, and on a fall-back day the repeated hour
 * is judged by its local time both times it happens.
 */
export function isInsideWindow(instant: Date, zones: readonly string[], window: SendWindow): boolean {
  const parsed = parseSendWindow(window);
  return checkedZones(zones).every((zone) => insideIn(instant.getTime(), zone, parsed));
}

/**
 * The earliest instant ≥ `instant` at which the window is open in every zone (`instant` itself
 * when open now). Null when the zones are so far apart that the window is never open in all of
 * them at once (New York and Tokyo with 09:00–17:00): the caller then falls back to one zone.
 */
export function nextWindowOpening(instant: Date, zones: readonly string[], window: SendWindow): Date | null {
  const parsed = parseSendWindow(window);
  const checked = checkedZones(zones);
  const from = instant.getTime();
  const openEverywhere = (at: number) => checked.every((zone) => insideIn(at, zone, parsed));
  if (openEverywhere(from)) return instant;

  // The jointly open time is a union of intervals; each begins where some zone opens: its clock
  // reaching `start`, or a DST jump landing inside the window. Try those moments in order.
  const until = from + SEARCH_HORIZON_MS;
  const candidates = new Set<number>();
  for (const zone of checked) {
    for (const at of wallClockOccurrences(zone, parsed.startMinute, from - DAY_MS, until + DAY_MS)) candidates.add(at);
    for (const at of offsetTransitions(zone, from, until)) candidates.add(at);
  }
  const ordered = [...candidates].filter((at) => at > from && at <= until).sort((a, b) => a - b);
  const opening = ordered.find(openEverywhere);
  return opening === undefined ? null : new Date(opening);
}

function minuteOf(value: string, which: 'start' | 'end'): number {
  const match = TIME_OF_DAY.exec(value);
  if (!match)
    throw new RangeError(
      `send window ${which} must be HH:MM (00:00 to 23:59${which === 'end' ? ', or 24:00' : ''}), got "${value}"`,
    );
  return Number(match[1]) * 60 + Number(match[2]);
}

function checkedZones(zones: readonly string[]): readonly string[] {
  if (zones.length === 0) throw new RangeError('at least one time zone is required');
  for (const zone of zones) {
    if (!isKnownTimeZone(zone)) throw new RangeError(`unknown time zone "${zone}"`);
  }
  return zones;
}

function insideIn(at: number, zone: string, window: { startMinute: number; endMinute: number }): boolean {
  const local = DateTime.fromMillis(at, { zone });
  const minute = local.hour * 60 + local.minute + (local.second * 1000 + local.millisecond) / MINUTE_MS;
  return window.startMinute < window.endMinute
    ? minute >= window.startMinute && minute < window.endMinute
    : minute >= window.startMinute || minute < window.endMinute;
}

function offsetMinutesAt(at: number, zone: string): number {
  return DateTime.fromMillis(at, { zone }).offset;
}

/**
 * Every instant in [from, until] whose local time in `zone` is exactly `minuteOfDay`: one a day
 * usually, none on the day that time is skipped, two on the day it is repeated.
 */
export function wallClockOccurrences(zone: string, minuteOfDay: number, from: number, until: number): number[] {
  const found: number[] = [];
  let day = DateTime.fromMillis(from, { zone }).startOf('day');
  const lastDay = DateTime.fromMillis(until, { zone }).startOf('day');
  while (day <= lastDay) {
    // The wall-clock time read as if it were UTC; minus each offset the zone has around that
    // day gives the candidates, kept when the zone really shows that offset then.
    const asUtc = Date.UTC(day.year, day.month - 1, day.day) + minuteOfDay * MINUTE_MS;
    const offsets = new Set([asUtc - DAY_MS, asUtc, asUtc + DAY_MS].map((at) => offsetMinutesAt(at, zone)));
    for (const offset of offsets) {
      const at = asUtc - offset * MINUTE_MS;
      if (offsetMinutesAt(at, zone) === offset) found.push(at);
    }
    day = day.plus({ days: 1 });
  }
  return found;
}

/** The instants in (from, until] at which the zone's UTC offset changes. */
export function offsetTransitions(zone: string, from: number, until: number): number[] {
  const found: number[] = [];
  let previous = from;
  let previousOffset = offsetMinutesAt(from, zone);
  for (let at = from + TRANSITION_SAMPLE_MS; previous < until; at += TRANSITION_SAMPLE_MS) {
    const sample = Math.min(at, until);
    const offset = offsetMinutesAt(sample, zone);
    if (offset !== previousOffset) found.push(firstInstantWithOffset(zone, previous, sample, offset));
    previous = sample;
    previousOffset = offset;
  }
  return found;
}

/** Binary search: the first millisecond in (before, after] showing `offset`. */
function firstInstantWithOffset(zone: string, before: number, after: number, offset: number): number {
  let low = before;
  let high = after;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetMinutesAt(middle, zone) === offset) high = middle;
    else low = middle;
  }
  return high;
}
