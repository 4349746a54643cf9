/**
 * The dashboard's arithmetic, free of I/O: rates and costs with their null rules ("no data" is
 * null, never a zero that lies — a division by zero has no answer), and how figures read.
 */

/** `part / whole` as a percentage with one decimal; null when there is no whole. */
export function percentage(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** Money per unit with two decimals; null when the money is unknown or there are no units. */
export function costPer(spend: number | null, units: number): number | null {
  return spend !== null && units > 0 ? Math.round((spend / units) * 100) / 100 : null;
}

/** A duration as people read it: `0s`, `45s`, `12m 05s`, `3h 04m`. */
export function durationLabel(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (value: number): string => String(value).padStart(2, '0');
  if (hours > 0) return `${hours}h ${two(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${two(rest)}s`;
  return `${rest}s`;
}

/** A trend row's label: `Nov 24`. */
export function dayLabel(date: string): string {
  return DAY_LABEL.format(new Date(`${date}T12:00:00Z`));
}
const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** An instant as local `Y-m-d H:i` in `timeZone`. */
export function localMinute(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    localMinuteFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  // Some ICU versions write midnight as 24 with hourCycle h23 off; h23 is asked for, 24 is mapped anyway.
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return `${parts.year}-${parts.month}-${parts.day} ${hour}:${parts.minute}`;
}
const minuteFormats = new Map<string, Intl.DateTimeFormat>();
function localMinuteFormat(timeZone: string): Intl.DateTimeFormat {
  let format = minuteFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    minuteFormats.set(timeZone, format);
  }
  return format;
}
