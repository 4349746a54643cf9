/**
 * Arithmetic on calendar dates (`Y-m-d`), free of time zones: a report's window is chosen in local
 * days first, and only then turned into instants at the company's local midnights (shared/local-day.ts).
 */
const parts = (date: string): [number, number, number] => date.split('-').map(Number) as [number, number, number];
const format = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `date` moved by `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return format(Date.UTC(year, month - 1, day + days));
}

/** 0 for Sunday … 6 for Saturday. */
export function weekdayOf(date: string): number {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The first day of the week holding `date`, weeks starting on `weekStart` (0 Sunday, 1 Monday). */
export function startOfWeek(date: string, weekStart: 0 | 1): string {
  return addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** The last day of the month before the one holding `date`. */
export function endOfPreviousMonth(date: string): string {
  return addDays(startOfMonth(date), -1);
}

/** The local days `from` to `to`, inclusive, in order. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The last `count` days up to and including `today`. */
export function lastDays(today: string, count: number): { from: string; to: string } {
  return { from: addDays(today, 1 - count), to: today };
}

/** The whole week before the one holding `today`. */
export function previousWeek(today: string, weekStart: 0 | 1): { from: string; to: string } {
  const thisWeek = startOfWeek(today, weekStart);
  return { from: addDays(thisWeek, -7), to: addDays(thisWeek, -1) };
}

/** The whole month before the one holding `today`. */
export function previousMonth(today: string): { from: string; to: string } {
  const last = endOfPreviousMonth(today);
  return { from: startOfMonth(last), to: last };
}
