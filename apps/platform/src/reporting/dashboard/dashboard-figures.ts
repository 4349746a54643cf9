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
