import type { Preset } from './reports-settings';

const DAY = 86_400_000;

/**
 * A dashboard preset's window in UTC, for a company in UTC whose week starts on Monday (what the
 * seed gives it): the baseline's statements count over the same instants the platform does,
 * [first day's midnight, the midnight after the last day).
 */
export function presetWindow(preset: Preset, now: Date): { start: Date; end: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const tomorrow = today + DAY;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  const firstOfMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const span = (start: number, end: number) => ({ start: new Date(start), end: new Date(end) });
  switch (preset) {
    case 'today':
      return span(today, tomorrow);
    case 'yesterday':
      return span(today - DAY, today);
    case 'last7':
      return span(today - 6 * DAY, tomorrow);
    case 'last30':
      return span(today - 29 * DAY, tomorrow);
    case 'thisWeek':
      return span(monday, tomorrow);
    case 'lastWeek':
      return span(monday - 7 * DAY, monday);
    case 'thisMonth':
      return span(firstOfMonth, tomorrow);
    case 'lastMonth':
      return span(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1), firstOfMonth);
  }
}
