import { readDuration, readWeeklyTime } from './wait-config';
import { durationMs, waitUntil } from './wait-time';

const at = (iso: string) => new Date(iso);
const NY = ['America/New_York'];

describe('durationMs', () => {
  it('counts days and weeks as 24 h and 7 × 24 h', () => {
    expect(durationMs({ amount: 90, unit: 'seconds' })).toBe(90_000);
    expect(durationMs({ amount: 2, unit: 'hours' })).toBe(7_200_000);
    expect(durationMs({ amount: 1, unit: 'weeks' })).toBe(7 * 86_400_000);
  });
});

describe('waitUntil with a duration', () => {
  it('adds the length to the start, across a DST change too (a day is 24 h)', () => {
    expect(waitUntil({ duration: { amount: 15, unit: 'minutes' } }, at('2026-01-01T00:00:00Z'), NY)).toEqual(
      at('2026-01-01T00:15:00Z'),
    );
    expect(waitUntil({ duration: { amount: 1, unit: 'days' } }, at('2026-03-07T15:00:00Z'), NY)).toEqual(
      at('2026-03-08T15:00:00Z'),
    );
  });
});

describe('waitUntil with a weekly time', () => {
  it('finds the next chosen weekday at HH:MM local time, DST-correct', () => {
    // Friday 6 March 2026, 07:00 in New York (EST); the clocks go forward on Sunday the 8th.
    const friday = at('2026-03-06T12:00:00Z');
    expect(waitUntil({ until: { weekdays: ['mon'], time: '09:00' } }, friday, NY)).toEqual(at('2026-03-09T13:00:00Z'));
    expect(waitUntil({ until: { weekdays: ['mon', 'fri'], time: '09:00' } }, friday, NY)).toEqual(at('2026-03-06T14:00:00Z'));
    // 06:00 has passed on this Friday: the next Friday's, by then in EDT.
    expect(waitUntil({ until: { weekdays: ['fri'], time: '06:00' } }, friday, NY)).toEqual(at('2026-03-13T10:00:00Z'));
  });

  it('answers the start itself when it is exactly the moment', () => {
    const moment = at('2026-03-06T14:00:00Z');
    expect(waitUntil({ until: { weekdays: ['fri'], time: '09:00' } }, moment, NY)).toEqual(moment);
  });

  it('ends at the jump when spring-forward skips the time (02:30 on 8 March 2026)', () => {
    expect(waitUntil({ until: { weekdays: ['sun'], time: '02:30' } }, at('2026-03-07T12:00:00Z'), NY)).toEqual(
      at('2026-03-08T07:00:00Z'),
    );
  });

  it('takes the first occurrence not before the start when fall-back repeats the time (01:30 on 1 November 2026)', () => {
    const until = { weekdays: ['sun' as const], time: '01:30' };
    expect(waitUntil({ until }, at('2026-10-31T12:00:00Z'), NY)).toEqual(at('2026-11-01T05:30:00Z'));
    expect(waitUntil({ until }, at('2026-11-01T05:45:00Z'), NY)).toEqual(at('2026-11-01T06:30:00Z'));
  });

  it('reads the time in the first zone, falling back to New York when there is none or it is unknown', () => {
    const until = { weekdays: ['mon' as const], time: '09:00' };
    const from = at('2026-06-01T00:00:00Z');
    expect(waitUntil({ until }, from, ['Europe/London', 'Asia/Tokyo'])).toEqual(at('2026-06-01T08:00:00Z'));
    expect(waitUntil({ until }, from, [])).toEqual(at('2026-06-01T13:00:00Z'));
    expect(waitUntil({ until }, from, ['Mars/Olympus_Mons'])).toEqual(at('2026-06-01T13:00:00Z'));
  });
});

describe('readDuration', () => {
  it('reads an amount and a unit', () => {
    expect(readDuration({ amount: '3', unit: 'days' })).toEqual({ value: { amount: 3, unit: 'days' } });
    expect(readDuration({ amount: 52, unit: 'weeks' })).toEqual({ value: { amount: 52, unit: 'weeks' } });
  });

  it.each([
    [null, ''],
    [[1, 'days'], ''],
    [{ amount: 1, unit: 'days', extra: true }, ''],
    [{ amount: 0, unit: 'days' }, '.amount'],
    [{ amount: 100_001, unit: 'seconds' }, '.amount'],
    [{ amount: 1e308, unit: 'seconds' }, '.amount'],
    [{ amount: 1.5, unit: 'hours' }, '.amount'],
    [{ amount: 1, unit: 'months' }, '.unit'],
    [{ amount: 366, unit: 'days' }, ''],
    [{ amount: 53, unit: 'weeks' }, ''],
  ])('refuses %j at %j', (value, path) => {
    const read = readDuration(value);
    expect('problems' in read && read.problems[0]!.path).toBe(path);
  });
});

describe('readWeeklyTime', () => {
  it('reads weekdays (stored in week order) and a 24 h time', () => {
    expect(readWeeklyTime({ weekdays: ['fri', 'mon'], time: '23:59' })).toEqual({
      value: { weekdays: ['mon', 'fri'], time: '23:59' },
    });
  });

  it.each([
    [{ weekdays: [], time: '09:00' }, '.weekdays'],
    [{ weekdays: ['mon', 'mon'], time: '09:00' }, '.weekdays'],
    [{ weekdays: ['monday'], time: '09:00' }, '.weekdays'],
    [{ weekdays: 'mon', time: '09:00' }, '.weekdays'],
    [{ weekdays: ['mon'], time: '24:00' }, '.time'],
    [{ weekdays: ['mon'], time: '9:00' }, '.time'],
    [{ weekdays: ['mon'], time: 900 }, '.time'],
    [{ weekdays: ['mon'], time: '09:00', zone: 'UTC' }, ''],
  ])('refuses %j at %j', (value, path) => {
    const read = readWeeklyTime(value);
    expect('problems' in read && read.problems[0]!.path).toBe(path);
  });
});
