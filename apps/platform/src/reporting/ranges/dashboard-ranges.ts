import type { WeekStart } from '../../directory';
import { addDays, lastDays, previousMonth, previousWeek, startOfMonth, startOfWeek } from './calendar-days';

/** The dashboard's `range` presets, as the spec names them (anything else is 422). */
export const DASHBOARD_RANGES = [
  'today',
  'yesterday',
  'last7',
  'thisWeek',
  'thisMonth',
  'last30',
  'lastWeek',
  'lastMonth',
] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = 'thisMonth';

export const isDashboardRange = (value: unknown): value is DashboardRange =>
  typeof value === 'string' && (DASHBOARD_RANGES as readonly string[]).includes(value);

/** Local days, both inclusive (`Y-m-d`). */
export interface LocalDays {
  from: string;
  to: string;
}

/** How each preset reads in the dashboard's `range_label`. */
export const DASHBOARD_RANGE_LABELS: Readonly<Record<DashboardRange, string>> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  thisWeek: 'This week',
  thisMonth: 'This month',
  last30: 'Last 30 days',
  lastWeek: 'Last week',
  lastMonth: 'Last month',
};

/**
 * The local days a preset covers, from the company's `today` and its week start. `last7` and
 * `last30` are the last 7 or 30 local days including today; the current week and month run to
 * today; the previous week and month are whole.
 */
export function dashboardDays(range: DashboardRange, today: string, weekStart: WeekStart): LocalDays {
  const firstWeekday = weekStart === 'monday' ? 1 : 0;
  switch (range) {
    case 'today':
      return lastDays(today, 1);
    case 'yesterday':
      return lastDays(addDays(today, -1), 1);
    case 'last7':
      return lastDays(today, 7);
    case 'last30':
      return lastDays(today, 30);
    case 'thisWeek':
      return { from: startOfWeek(today, firstWeekday), to: today };
    case 'lastWeek':
      return previousWeek(today, firstWeekday);
    case 'thisMonth':
      return { from: startOfMonth(today), to: today };
    case 'lastMonth':
      return previousMonth(today);
  }
}
