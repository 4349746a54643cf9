import { dailyNewContactCap, isNewContactForNumber, nextSendSlot, pacingDay } from './pacing';
import { DEFAULT_WARMUP_DAYS, DEFAULT_WARMUP_MAX_PER_DAY, DEFAULT_WARMUP_START_PER_DAY } from './scheduling-defaults';

const at = (iso: string) => new Date(iso);

describe('pacingDay', () => {
  it('is the UTC calendar date', () => {
    expect(pacingDay(at('2025-06-02T23:59:59.999Z'))).toBe('2025-06-02');
    expect(pacingDay(at('2025-06-03T00:00:00.000Z'))).toBe('2025-06-03');
  });
});

describe('dailyNewContactCap', () => {
  const defaults = {
    startPerDay: DEFAULT_WARMUP_START_PER_DAY,
    maxPerDay: DEFAULT_WARMUP_MAX_PER_DAY,
    warmupDays: DEFAULT_WARMUP_DAYS,
  };
  const addedAt = at('2025-06-01T18:30:00Z');
  const onDay = (day: number) => new Date(Date.UTC(2025, 5, 1 + day, 12));

  it('grows linearly from 10 to 50 over 14 UTC days with the defaults', () => {
    const caps = Array.from({ length: 16 }, (_, day) => dailyNewContactCap(addedAt, onDay(day), defaults));
    expect(caps).toEqual([10, 12, 15, 18, 21, 24, 27, 30, 32, 35, 38, 41, 44, 47, 50, 50]);
  });

  it('counts days by UTC date: one minute after midnight is the next day', () => {
    expect(dailyNewContactCap(addedAt, at('2025-06-01T23:59:00Z'), defaults)).toBe(10);
    expect(dailyNewContactCap(addedAt, at('2025-06-02T00:01:00Z'), defaults)).toBe(12);
  });

  it('gives max from day 0 without a warm-up, and the day-0 cap when the clock is behind', () => {
    expect(dailyNewContactCap(addedAt, addedAt, { startPerDay: 5, maxPerDay: 80, warmupDays: 0 })).toBe(80);
    expect(dailyNewContactCap(addedAt, at('2025-05-30T00:00:00Z'), defaults)).toBe(10);
  });

  it('supports a custom curve', () => {
    const settings = { startPerDay: 0, maxPerDay: 100, warmupDays: 4 };
    expect([0, 1, 2, 3, 4].map((day) => dailyNewContactCap(addedAt, onDay(day), settings))).toEqual([0, 25, 50, 75, 100]);
  });

  it('refuses settings that make no sense', () => {
    expect(() => dailyNewContactCap(addedAt, addedAt, { startPerDay: 60, maxPerDay: 50, warmupDays: 14 })).toThrow(RangeError);
    expect(() => dailyNewContactCap(addedAt, addedAt, { startPerDay: 1, maxPerDay: 50, warmupDays: -1 })).toThrow(RangeError);
  });
});

describe('nextSendSlot', () => {
  const now = at('2025-06-02T15:00:00.000Z');

  it('sends now when the number has no slot yet or its last slot is long past', () => {
    expect(nextSendSlot(null, now, 1)).toBe(now);
    expect(nextSendSlot(at('2025-06-02T14:00:00.000Z'), now, 1)).toBe(now);
  });

  it('spaces slots by 1/rate', () => {
    expect(nextSendSlot(at('2025-06-02T14:59:59.500Z'), now, 1).toISOString()).toBe('2025-06-02T15:00:00.500Z');
    expect(nextSendSlot(now, now, 1).toISOString()).toBe('2025-06-02T15:00:01.000Z');
    expect(nextSendSlot(now, now, 4).toISOString()).toBe('2025-06-02T15:00:00.250Z');
    expect(nextSendSlot(now, now, 0.5).toISOString()).toBe('2025-06-02T15:00:02.000Z');
  });

  it('rounds the interval up, so 3 per second never becomes 4 in one second', () => {
    let slot: Date | null = null;
    const slots: string[] = [];
    for (let i = 0; i < 4; i++) {
      slot = nextSendSlot(slot, now, 3);
      slots.push(slot.toISOString());
    }
    expect(slots).toEqual([
      '2025-06-02T15:00:00.000Z',
      '2025-06-02T15:00:00.334Z',
      '2025-06-02T15:00:00.668Z',
      '2025-06-02T15:00:01.002Z',
    ]);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => nextSendSlot(null, now, 0)).toThrow(/positive/);
    expect(() => nextSendSlot(null, now, Number.NaN)).toThrow(/positive/);
  });
});

describe('isNewContactForNumber', () => {
  const now = at('2025-06-30T12:00:00Z');

  it('is new when the number and the contact never exchanged anything', () => {
    expect(isNewContactForNumber(null, now)).toBe(true);
  });

  it('is not new after an exchange earlier today or within 30 days, in either direction', () => {
    expect(isNewContactForNumber(at('2025-06-30T09:00:00Z'), now)).toBe(false);
    expect(isNewContactForNumber(at('2025-05-31T12:00:00.001Z'), now)).toBe(false);
  });

  it('is new again after 30 days of silence, or the lookback given', () => {
    expect(isNewContactForNumber(at('2025-05-31T12:00:00Z'), now)).toBe(true);
    expect(isNewContactForNumber(at('2025-06-23T12:00:00Z'), now, 7)).toBe(true);
    expect(isNewContactForNumber(at('2025-06-23T12:00:01Z'), now, 7)).toBe(false);
  });
});
