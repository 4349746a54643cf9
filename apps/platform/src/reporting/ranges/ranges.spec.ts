import { CALL_HISTORY_RANGES, callHistoryDays } from './call-history-ranges';
import { daysBetween } from './calendar-days';
import { DASHBOARD_RANGES, dashboardDays, isDashboardRange } from './dashboard-ranges';
import { localToday, reportWindow } from './report-window';

const HOUR = 60 * 60 * 1000;

describe('dashboard presets', () => {
  // Wednesday 2026-11-25.
  const today = '2026-11-25';

  it.each([
    ['today', 'sunday', '2026-11-25', '2026-11-25'],
    ['yesterday', 'sunday', '2026-11-24', '2026-11-24'],
    ['last7', 'sunday', '2026-11-19', '2026-11-25'],
    ['last30', 'sunday', '2026-10-27', '2026-11-25'],
    ['thisWeek', 'sunday', '2026-11-22', '2026-11-25'],
    ['thisWeek', 'monday', '2026-11-23', '2026-11-25'],
    ['lastWeek', 'sunday', '2026-11-15', '2026-11-21'],
    ['lastWeek', 'monday', '2026-11-16', '2026-11-22'],
    ['thisMonth', 'sunday', '2026-11-01', '2026-11-25'],
    ['lastMonth', 'monday', '2026-10-01', '2026-10-31'],
  ] as const)('%s with weeks from %s: %s to %s', (range, weekStart, from, to) => {
    expect(dashboardDays(range, today, weekStart)).toEqual({ from, to });
  });

  it('counts last7 and last30 as 7 and 30 local days including today', () => {
    for (const [range, count] of [
      ['last7', 7],
      ['last30', 30],
    ] as const) {
      const days = dashboardDays(range, today, 'monday');
      expect(daysBetween(days.from, days.to)).toHaveLength(count);
      expect(days.to).toBe(today);
    }
  });

  it('takes a week that starts on the day itself, and months across a year', () => {
    expect(dashboardDays('thisWeek', '2026-11-22', 'sunday')).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(dashboardDays('thisWeek', '2026-11-22', 'monday')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(dashboardDays('lastMonth', '2026-01-15', 'sunday')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(dashboardDays('lastMonth', '2028-03-31', 'sunday')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('knows its presets and nothing else', () => {
    expect(DASHBOARD_RANGES.every(isDashboardRange)).toBe(true);
    for (const value of ['ThisMonth', 'last_7', '', null, 7]) expect(isDashboardRange(value)).toBe(false);
  });
});

describe('call-history presets', () => {
  const today = '2026-11-25'; // a Wednesday

  it.each([
    ['Today', '2026-11-25', '2026-11-25'],
    ['Yesterday', '2026-11-24', '2026-11-24'],
    ['Last 7 Days', '2026-11-19', '2026-11-25'],
    ['Last 14 Days', '2026-11-12', '2026-11-25'],
    ['Last 30 Days', '2026-10-27', '2026-11-25'],
    ['This Week Sun', '2026-11-22', '2026-11-25'],
    ['This Week Mon', '2026-11-23', '2026-11-25'],
    ['Last Week Sun', '2026-11-15', '2026-11-21'],
    ['Last Week Mon', '2026-11-16', '2026-11-22'],
    ['Last Business Week', '2026-11-16', '2026-11-20'],
    ['This Month', '2026-11-01', '2026-11-25'],
    ['Last Month', '2026-10-01', '2026-10-31'],
    ['Last Year', '2025-01-01', '2025-12-31'],
  ] as const)('%s: %s to %s', (range, from, to) => {
    expect(callHistoryDays(range, today)).toEqual({ from, to });
  });

  it('covers all thirteen presets of the spec', () => {
    expect(CALL_HISTORY_RANGES).toHaveLength(13);
  });
});

describe('report windows in the company’s time zone', () => {
  it('start at local midnights, so a DST day is 23 or 25 hours long', () => {
    const spring = reportWindow({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const autumn = reportWindow({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR);
    // Europe changes on the last Sunday of March (2026-03-29).
    const week = reportWindow({ from: '2026-03-23', to: '2026-03-29' }, 'Europe/Berlin');
    expect(week.end.getTime() - week.start.getTime()).toBe(7 * 24 * HOUR - HOUR);
  });

  it('read today in the company’s zone, not the server’s', () => {
    const instant = new Date('2026-11-25T03:30:00Z');
    expect(localToday(instant, 'UTC')).toBe('2026-11-25');
    expect(localToday(instant, 'America/Los_Angeles')).toBe('2026-11-24');
    expect(localToday(instant, 'Asia/Tokyo')).toBe('2026-11-25');
  });
});
