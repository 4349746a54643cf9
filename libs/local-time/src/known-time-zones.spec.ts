import { IANAZone } from 'luxon';
import { isKnownTimeZone } from './known-time-zones';
import { nextWindowOpening } from './send-window';

describe('isKnownTimeZone', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    'America/New_York',
    'Europe/London',
    'Asia/Kolkata',
    'Asia/Calcutta',
    'US/Eastern',
    'UTC',
    'Fantasia/Castle',
    'Sport~~blorp',
    '',
  ])('answers %j as luxon does', (zone) => {
    expect(isKnownTimeZone(zone)).toBe(IANAZone.isValidZone(zone));
    // The remembered answer too.
    expect(isKnownTimeZone(zone)).toBe(IANAZone.isValidZone(zone));
  });

  it('builds no Intl.DateTimeFormat for a zone it has seen (their ICU memory is what grew the drain’s RSS)', () => {
    const zones = ['America/Chicago', 'America/Denver', 'Pacific/Honolulu'];
    zones.forEach(isKnownTimeZone);
    const constructed = jest.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 1_000; i++) expect(isKnownTimeZone(zones[i % zones.length]!)).toBe(true);
    expect(constructed).not.toHaveBeenCalled();
  });

  it('keeps the send window’s repeated zone checks off Intl.DateTimeFormat once luxon has its formatters', () => {
    const window = { start: '08:00', end: '21:00' };
    const zones = ['America/Los_Angeles', 'America/Phoenix'];
    const at = new Date('2025-03-09T15:00:00Z');
    const first = nextWindowOpening(at, zones, window);
    const constructed = jest.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 100; i++) expect(nextWindowOpening(at, zones, window)).toEqual(first);
    expect(constructed).not.toHaveBeenCalled();
  });

  it('does not remember unknown names (arbitrary input must not grow the set)', () => {
    expect(isKnownTimeZone('Nowhere/Town')).toBe(false);
    const constructed = jest.spyOn(Intl, 'DateTimeFormat');
    expect(isKnownTimeZone('Nowhere/Town')).toBe(false);
    expect(constructed).toHaveBeenCalledTimes(1);
  });
});
