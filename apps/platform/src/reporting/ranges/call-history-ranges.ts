import { addDays, lastDays, previousMonth, previousWeek, startOfMonth, startOfWeek } from './calendar-days';
import type { LocalDays } from './dashboard-ranges';

/** The call-history export's `date_range` presets, spelled as the spec spells them. */
export const CALL_HISTORY_RANGES = [
  'Today',
  'Yesterday',
  'Last 7 Days',
  'Last 14 Days',
  'Last 30 Days',
  'This Week Sun',
  'This Week Mon',
  'Last Week Sun',
  'Last Week Mon',
  'Last Business Week',
  'This Month',
  'Last Month',
  'Last Year',
] as const;
export type CallHistoryRange = (typeof CALL_HISTORY_RANGES)[number];

export const isCallHistoryRange = (value: unknown): value is CallHistoryRange =>
  typeof value === 'string' && (CALL_HISTORY_RANGES as readonly string[]).includes(value);

/**
 * The local days a preset covers from the company's `today`. "Last N Days" include today; "This
 * Week Sun/Mon" runs from that weekday to today; "Last Week Sun/Mon" is the whole week before;
 * "Last Business Week" is Monday to Friday of the last week that has ended (Monday-based);
 * "Last Year" is the previous calendar year, whole.
 */
export function callHistoryDays(range: CallHistoryRange, today: string): LocalDays {
  switch (range) {
    case 'Today':
      return lastDays(today, 1);
    case 'Yesterday':
      return lastDays(addDays(today, -1), 1);
    case 'Last 7 Days':
      return lastDays(today, 7);
    case 'Last 14 Days':
      return lastDays(today, 14);
    case 'Last 30 Days':
      return lastDays(today, 30);
    case 'This Week Sun':
      return { from: startOfWeek(today, 0), to: today };
    case 'This Week Mon':
      return { from: startOfWeek(today, 1), to: today };
    case 'Last Week Sun':
      return previousWeek(today, 0);
    case 'Last Week Mon':
      return previousWeek(today, 1);
    case 'Last Business Week': {
      const monday = previousWeek(today, 1).from;
      return { from: monday, to: addDays(monday, 4) };
    }
    case 'This Month':
      return { from: startOfMonth(today), to: today };
    case 'Last Month':
      return previousMonth(today);
    case 'Last Year': {
      const year = Number(today.slice(0, 4)) - 1;
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    }
  }
}
