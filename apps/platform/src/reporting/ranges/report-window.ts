import { localDateAt, localDaysRange } from '../../shared/local-day';
import type { LocalDays } from './dashboard-ranges';

/** A report's window: its local days, and the instants they span, [start, end). */
export interface ReportWindow extends LocalDays {
  start: Date;
  end: Date;
}

/** The company's local date at `now` (`Y-m-d`): where every preset counts from. */
export const localToday = (now: Date, timeZone: string): string => localDateAt(now.getTime(), timeZone);

/**
 * The instants of local days in the company's time zone: from the first day's local midnight to
 * the local midnight after the last — never "+ 24 hours", so a window holding a DST change is 23
 * or 25 hours longer or shorter than its days times 24.
 */
export function reportWindow(days: LocalDays, timeZone: string): ReportWindow {
  return { ...days, ...localDaysRange(days.from, days.to, timeZone) };
}
