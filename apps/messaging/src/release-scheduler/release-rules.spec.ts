import { nextUtcDay, pacingDecision, retryDecision, windowDecision, type PacingInput } from './release-rules';

const warmup = { startPerDay: 10, maxPerDay: 50, warmupDays: 14 };
const base: PacingInput = {
  now: new Date('2030-03-05T15:00:00.000Z'),
  numberAddedAt: new Date('2030-03-05T09:00:00.000Z'),
  lastSlot: null,
  perSecondRate: 1,
  warmup,
  newContact: true,
  newContactsToday: 0,
};

describe('pacingDecision', () => {
  it('goes now with a fresh number and reserves now as its slot', () => {
    expect(pacingDecision(base)).toEqual({ kind: 'go', slot: base.now });
  });

  it('waits for the next slot 1/rate after the last one', () => {
    const lastSlot = new Date(base.now.getTime() - 400);
    expect(pacingDecision({ ...base, lastSlot })).toEqual({ kind: 'rate', until: new Date(base.now.getTime() + 600) });
    expect(pacingDecision({ ...base, lastSlot, perSecondRate: 4 })).toEqual({ kind: 'go', slot: base.now });
  });

  it('does not trust a stored slot later than now (a clock behind the one that stored it): goes now', () => {
    const lastSlot = new Date(base.now.getTime() + 5);
    expect(pacingDecision({ ...base, lastSlot })).toEqual({ kind: 'go', slot: base.now });
    expect(pacingDecision({ ...base, lastSlot: base.now })).toEqual({ kind: 'rate', until: new Date(base.now.getTime() + 1000) });
  });

  it('stops the (cap+1)th new contact of the day until 00:00 UTC, day 0 of the warm-up allows 10', () => {
    expect(pacingDecision({ ...base, newContactsToday: 9 }).kind).toBe('go');
    expect(pacingDecision({ ...base, newContactsToday: 10 })).toEqual({
      kind: 'daily_cap',
      until: new Date('2030-03-06T00:00:00.000Z'),
      cap: 10,
    });
  });

  it('lets messages to people the number already talks to go when the cap is spent', () => {
    expect(pacingDecision({ ...base, newContact: false, newContactsToday: 10 }).kind).toBe('go');
  });

  it('grows the cap with the warm-up day (day 7 of 14 → 30, day 14 → 50)', () => {
    const day = (n: number) => new Date(base.numberAddedAt.getTime() + n * 86_400_000);
    expect(pacingDecision({ ...base, now: day(7), newContactsToday: 29 }).kind).toBe('go');
    expect(pacingDecision({ ...base, now: day(7), newContactsToday: 30 })).toMatchObject({ kind: 'daily_cap', cap: 30 });
    expect(pacingDecision({ ...base, now: day(20), newContactsToday: 50 })).toMatchObject({ kind: 'daily_cap', cap: 50 });
  });
});

describe('windowDecision', () => {
  const window = { start: '08:00', end: '21:00' };
  const newYork = { zones: ['America/New_York'], source: 'number' as const };

  it('is open at 20:59 and closed at 21:00 New York time, reopening at 08:00 local the next day', () => {
    expect(windowDecision(new Date('2030-03-05T01:59:00.000Z'), newYork, window, 'America/New_York')).toEqual({ kind: 'open' });
    expect(windowDecision(new Date('2030-03-05T02:00:00.000Z'), newYork, window, 'America/New_York')).toEqual({
      kind: 'closed',
      opensAt: new Date('2030-03-05T13:00:00.000Z'),
    });
  });

  it('opens at 08:00 EDT after the spring-forward night', () => {
    // 2030-03-10 is the US spring-forward Sunday: 08:00 EDT is 12:00 UTC.
    expect(windowDecision(new Date('2030-03-10T03:00:00.000Z'), newYork, window, 'America/New_York')).toEqual({
      kind: 'closed',
      opensAt: new Date('2030-03-10T12:00:00.000Z'),
    });
  });
});

describe('retryDecision', () => {
  const policy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 3_000 };
  const now = new Date('2030-01-01T00:00:00.000Z');
  const after = (ms: number) => ({ kind: 'retry', at: new Date(now.getTime() + ms) });

  it('doubles per attempt up to the maximum, honours a longer Retry-After, gives up at the last attempt', () => {
    expect(retryDecision(policy, 1, now)).toEqual(after(1_000));
    expect(retryDecision(policy, 2, now)).toEqual(after(2_000));
    expect(retryDecision(policy, 3, now)).toEqual(after(3_000));
    expect(retryDecision(policy, 1, now, 10_000)).toEqual(after(10_000));
    expect(retryDecision(policy, 4, now)).toEqual({ kind: 'give_up' });
  });
});

describe('nextUtcDay', () => {
  it('is the next 00:00 UTC, also from exactly midnight', () => {
    expect(nextUtcDay(new Date('2030-01-01T23:59:59.999Z'))).toEqual(new Date('2030-01-02T00:00:00.000Z'));
    expect(nextUtcDay(new Date('2030-01-02T00:00:00.000Z'))).toEqual(new Date('2030-01-03T00:00:00.000Z'));
  });
});
