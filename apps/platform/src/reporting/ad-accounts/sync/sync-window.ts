/** Local days fetched by the first sync of an account: today and the 89 before. */
export const INITIAL_SYNC_DAYS = 90;
/** Local days fetched by every later sync: providers correct recent days, so each re-sync writes them again. */
export const REGULAR_SYNC_DAYS = 3;

/** The calendar date `days` before `date` (`Y-m-d`). */
export function localDateMinus(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** The local days (inclusive) a sync asks for, ending with the company's local `today`. */
export function syncWindow(today: string, initial: boolean): { from: string; to: string } {
  return { from: localDateMinus(today, (initial ? INITIAL_SYNC_DAYS : REGULAR_SYNC_DAYS) - 1), to: today };
}
