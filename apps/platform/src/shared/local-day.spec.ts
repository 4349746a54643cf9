import { isLocalDate, isOffsetDateTime, localDaysRange, localMidnightUtc, nextLocalDate } from './local-day';

const HOUR = 60 * 60 * 1000;
const iso = (date: Date) => date.toISOString();
const dayLength = (date: string, timeZone: string) =>
  (localMidnightUtc(nextLocalDate(date), timeZone).getTime() - localMidnightUtc(date, timeZone).getTime()) / HOUR;

describe('localMidnightUtc', () => {
  it('finds local midnight in New York either side of DST', () => {
    expect(iso(localMidnightUtc('2026-01-15', 'America/New_York'))).toBe('2026-01-15T05:00:00.000Z');
    expect(iso(localMidnightUtc('2026-07-04', 'America/New_York'))).toBe('2026-07-04T04:00:00.000Z');
  });

  it('makes 2026-03-08 a 23-hour day and 2026-11-01 a 25-hour day in America/New_York', () => {
    expect(iso(localMidnightUtc('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(localMidnightUtc('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(dayLength('2026-03-08', 'America/New_York')).toBe(23);
    expect(iso(localMidnightUtc('2026-11-01', 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(localMidnightUtc('2026-11-02', 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z');
    expect(dayLength('2026-11-01', 'America/New_York')).toBe(25);
    expect(dayLength('2026-11-02', 'America/New_York')).toBe(24);
  });

  it('handles UTC, half-hour offsets and the extremes of the offsets in use', () => {
    expect(iso(localMidnightUtc('2026-03-08', 'UTC'))).toBe('2026-03-08T00:00:00.000Z');
    expect(iso(localMidnightUtc('2026-03-08', 'Asia/Kolkata'))).toBe('2026-03-07T18:30:00.000Z');
    expect(iso(localMidnightUtc('2026-03-08', 'Pacific/Kiritimati'))).toBe('2026-03-07T10:00:00.000Z');
    expect(iso(localMidnightUtc('2026-03-08', 'Etc/GMT+12'))).toBe('2026-03-08T12:00:00.000Z');
  });

  it('starts a day whose midnight a DST change skips at its first instant (America/Santiago, 2026-09-06 01:00)', () => {
    expect(iso(localMidnightUtc('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });

  it('refuses what is not a date or a time zone', () => {
    expect(() => localMidnightUtc('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => localMidnightUtc('2026-03-08', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('localDaysRange', () => {
  it('spans the local days inclusive, from the first midnight to the midnight after the last day', () => {
    expect(localDaysRange('2026-03-08', '2026-03-08', 'America/New_York')).toEqual({
      start: new Date('2026-03-08T05:00:00.000Z'),
      end: new Date('2026-03-09T04:00:00.000Z'),
    });
    expect(localDaysRange('2026-12-31', '2026-12-31', 'UTC').end).toEqual(new Date('2027-01-01T00:00:00.000Z'));
    expect(localDaysRange('2100-12-31', '2100-12-31', 'UTC').end).toEqual(new Date('2101-01-01T00:00:00.000Z'));
  });
});

describe('date formats', () => {
  it('accepts real calendar dates Y-m-d in 2000–2100 only', () => {
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2100-12-31')).toBe(true);
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '1999-12-31', '2101-01-01', '2026-3-8', '20260308', 20260308]) {
      expect(isLocalDate(bad)).toBe(false);
    }
  });

  it('accepts ISO 8601 date-times with an offset or Z only', () => {
    for (const good of [
      '2026-03-08T09:30:00-05:00',
      '2026-03-08T14:30Z',
      '2026-03-08T14:30:00.123456Z',
      '2026-03-08T23:59:59+14:00',
    ]) {
      expect(isOffsetDateTime(good)).toBe(true);
    }
    for (const bad of [
      '2026-03-08T09:30:00',
      '2026-03-08',
      '2026-02-30T10:00:00Z',
      '1999-03-08T10:00:00Z',
      '2026-03-08 10:00:00Z',
      '2026-03-08T24:00:00Z',
      'now',
    ]) {
      expect(isOffsetDateTime(bad)).toBe(false);
    }
  });
});
