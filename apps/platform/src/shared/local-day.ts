/**
 * Calendar days and instants for the company's time zone, computed in TypeScript (platform code
 * does not run raw SQL): a local day is [its local midnight, the next day's local midnight), never
 * "midnight + 24 hours" — a day of a DST change is 23 or 25 hours long.
 */

/** A calendar date `Y-m-d`, years 2000–2100. */
export const LOCAL_DATE_PATTERN = /^(20[0-9]{2}|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

/**
 * An ISO 8601 date-time with its offset or `Z` (`2026-03-08T09:30:00-05:00`, `2026-03-08T14:30Z`),
 * years 2000–2100; seconds and up to nine fractional digits optional.
 */
export const OFFSET_DATE_TIME_PATTERN =
  /^(20[0-9]{2}|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,9})?)?(Z|[+-](0[0-9]|1[0-4]):[0-5][0-9])$/;

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether `text` is a real calendar date `Y-m-d` (no 2026-02-30) in the accepted years. */
export function isLocalDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = LOCAL_DATE_PATTERN.exec(text);
  return match !== null && Number(match[3]) <= daysInMonth(Number(match[1]), Number(match[2]));
}

/** Whether `text` is an ISO 8601 date-time with an offset or Z, on a real calendar date, years 2000–2100. */
export function isOffsetDateTime(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = OFFSET_DATE_TIME_PATTERN.exec(text);
  return match !== null && Number(match[3]) <= daysInMonth(Number(match[1]), Number(match[2])) && !Number.isNaN(Date.parse(text));
}

/** The calendar date after `date` (`Y-m-d`). */
export function nextLocalDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `Y-m-d` of the instant `ms` in `timeZone`. */
export function localDateAt(ms: number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA formats a date as Y-m-d.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(ms);
}

/** Offsets in use lie within −12h and +14h: 15 hours either side of UTC midnight brackets every local midnight. */
const BRACKET_MS = 15 * 60 * 60 * 1000;

/**
 * The first instant of the local day `date` (`Y-m-d`) in the IANA `timeZone`: its local midnight
 * in UTC, or, where a DST change skips midnight (America/Santiago), the first instant that exists
 * on that day. A search over the instants around UTC midnight for the first whose local date is
 * `date`, so the offset rules are the runtime's (ICU), whatever they are that year.
 * Throws a RangeError for an unknown time zone.
 */
export function localMidnightUtc(date: string, timeZone: string): Date {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new RangeError(`Not a date (Y-m-d): ${date}`);
  const utcMidnight = Date.UTC(year, month - 1, day);
  // Invariant: the local date at `before` is earlier than `date`, at `after` it is `date` or later.
  let before = utcMidnight - BRACKET_MS;
  let after = utcMidnight + BRACKET_MS;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (localDateAt(middle, timeZone) < date) before = middle;
    else after = middle;
  }
  return new Date(after);
}

/** The instants of the local days `from` to `to` (inclusive) in `timeZone`: [start, end). */
export function localDaysRange(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: localMidnightUtc(from, timeZone), end: localMidnightUtc(nextLocalDate(to), timeZone) };
}
