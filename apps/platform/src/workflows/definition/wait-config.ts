import type { ValueProblem } from './condition-config';
import { isPlainObject, readInteger } from './config-values';

/** How long a wait (or an appointment's lead time) lasts. */
export interface Duration {
  amount: number;
  unit: DurationUnit;
}
export const DURATION_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** A weekly wall-clock moment in the contact's time zone: `{ weekdays: ['mon','fri'], time: '09:30' }`. */
export interface WeeklyTime {
  weekdays: Weekday[];
  time: string;
}
/** In ISO order, so a weekday's index + 1 is luxon's `weekday` (1 = Monday). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const UNIT_MS: Record<DurationUnit, number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 7 * 86_400_000,
};
export const MAX_DURATION_AMOUNT = 100_000;
/** A run that waits longer than a year is a mistake more often than a plan. */
export const MAX_DURATION_MS = 365 * UNIT_MS.days;
export const TIME_OF_DAY = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

type Read<T> = { value: T } | { problems: ValueProblem[] };
const problem = (path: string, message: string): { problems: ValueProblem[] } => ({ problems: [{ path, message }] });

/** Days and weeks count as 24 h and 7 × 24 h: a wait is a length of time, not a calendar date. */
export function durationMs(duration: Duration): number {
  return duration.amount * UNIT_MS[duration.unit];
}

export function readDuration(value: unknown): Read<Duration> {
  if (!isPlainObject(value)) return problem('', 'must be an object with amount and unit.');
  const unknown = Object.keys(value).filter((key) => key !== 'amount' && key !== 'unit');
  if (unknown.length > 0) return problem('', 'takes only amount and unit.');
  const amount = readInteger(value['amount'], 1, MAX_DURATION_AMOUNT);
  if (!amount.ok) return problem('.amount', amount.message);
  const unit = value['unit'];
  if (typeof unit !== 'string' || !(DURATION_UNITS as readonly string[]).includes(unit))
    return problem('.unit', `must be one of: ${DURATION_UNITS.join(', ')}.`);
  const duration: Duration = { amount: amount.value, unit: unit as DurationUnit };
  if (durationMs(duration) > MAX_DURATION_MS) return problem('', 'must be at most 365 days.');
  return { value: duration };
}

export function readWeeklyTime(value: unknown): Read<WeeklyTime> {
  if (!isPlainObject(value)) return problem('', 'must be an object with weekdays and time.');
  const unknown = Object.keys(value).filter((key) => key !== 'weekdays' && key !== 'time');
  if (unknown.length > 0) return problem('', 'takes only weekdays and time.');
  const weekdays = value['weekdays'];
  if (
    !Array.isArray(weekdays) ||
    weekdays.length === 0 ||
    weekdays.length > WEEKDAYS.length ||
    !weekdays.every((day) => typeof day === 'string' && (WEEKDAYS as readonly string[]).includes(day)) ||
    new Set(weekdays).size !== weekdays.length
  )
    return problem('.weekdays', `must list 1 to 7 different days among ${WEEKDAYS.join(', ')}.`);
  const time = value['time'];
  if (typeof time !== 'string' || !TIME_OF_DAY.test(time))
    return problem('.time', 'must be a time of day HH:MM (00:00 to 23:59).');
  // Stored in week order, so two spellings of the same choice compare equal.
  const ordered = WEEKDAYS.filter((day) => weekdays.includes(day));
  return { value: { weekdays: ordered, time } };
}
