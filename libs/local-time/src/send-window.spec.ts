import { isInsideWindow, isValidSendWindow, nextWindowOpening, parseSendWindow, type SendWindow } from './send-window';

const DAYTIME: SendWindow = { start: '08:00', end: '21:00' };
const NEW_YORK = ['America/New_York'];
const at = (iso: string) => new Date(iso);
const opening = (iso: string, zones: readonly string[], window: SendWindow = DAYTIME) =>
  nextWindowOpening(at(iso), zones, window)?.toISOString() ?? null;

describe('parseSendWindow', () => {
  it('reads HH:MM into minutes after midnight, 24:00 allowed as the end only', () => {
    expect(parseSendWindow(DAYTIME)).toEqual({ startMinute: 480, endMinute: 1260 });
    expect(parseSendWindow({ start: '00:00', end: '24:00' })).toEqual({ startMinute: 0, endMinute: 1440 });
  });

  it.each([
    [{ start: '8:00', end: '21:00' }, /start must be HH:MM/],
    [{ start: '08:00', end: '21:60' }, /end must be HH:MM/],
    [{ start: '24:00', end: '06:00' }, /start must be HH:MM/],
    [{ start: '09:00', end: '09:00' }, /would be empty/],
  ])('refuses %j', (window, message) => {
    expect(() => parseSendWindow(window)).toThrow(message);
    expect(isValidSendWindow(window)).toBe(false);
  });
});

describe('isInsideWindow', () => {
  it('is end-exclusive and start-inclusive (New York, EDT = UTC-4)', () => {
    expect(isInsideWindow(at('2025-06-02T12:00:00.000Z'), NEW_YORK, DAYTIME)).toBe(true); // 08:00:00
    expect(isInsideWindow(at('2025-06-02T11:59:59.999Z'), NEW_YORK, DAYTIME)).toBe(false); // 07:59:59.999
    expect(isInsideWindow(at('2025-06-03T00:59:59.999Z'), NEW_YORK, DAYTIME)).toBe(true); // 20:59:59.999
    expect(isInsideWindow(at('2025-06-03T01:00:00.000Z'), NEW_YORK, DAYTIME)).toBe(false); // 21:00:00
  });

  it('requires the window open in every zone of the number', () => {
    const zones = ['America/New_York', 'America/Los_Angeles'];
    expect(isInsideWindow(at('2025-06-02T12:30:00Z'), zones, DAYTIME)).toBe(false); // 08:30 EDT, 05:30 PDT
    expect(isInsideWindow(at('2025-06-02T15:00:00Z'), zones, DAYTIME)).toBe(true); // 11:00 EDT, 08:00 PDT
    expect(isInsideWindow(at('2025-06-03T01:00:00Z'), zones, DAYTIME)).toBe(false); // 21:00 EDT, 18:00 PDT
  });

  it('handles overnight windows and the whole day', () => {
    const night = { start: '22:00', end: '06:00' };
    expect(isInsideWindow(at('2025-01-01T23:00:00Z'), ['UTC'], night)).toBe(true);
    expect(isInsideWindow(at('2025-01-01T05:59:59Z'), ['UTC'], night)).toBe(true);
    expect(isInsideWindow(at('2025-01-01T06:00:00Z'), ['UTC'], night)).toBe(false);
    expect(isInsideWindow(at('2025-01-01T03:17:00Z'), ['UTC'], { start: '00:00', end: '24:00' })).toBe(true);
  });

  it('refuses an empty zone list and unknown zones', () => {
    expect(() => isInsideWindow(at('2025-01-01T12:00:00Z'), [], DAYTIME)).toThrow(/at least one time zone/);
    expect(() => isInsideWindow(at('2025-01-01T12:00:00Z'), ['Mars/Olympus_Mons'], DAYTIME)).toThrow(
      /unknown time zone "Mars\/Olympus_Mons"/,
    );
  });
});

describe('nextWindowOpening', () => {
  it('returns the instant itself when the window is open now', () => {
    expect(opening('2025-06-02T15:00:00.000Z', NEW_YORK)).toBe('2025-06-02T15:00:00.000Z');
  });

  it('opens at 08:00 local the same morning or the next one', () => {
    expect(opening('2025-06-02T10:00:00Z', NEW_YORK)).toBe('2025-06-02T12:00:00.000Z'); // 06:00 EDT → 08:00 EDT
    expect(opening('2025-06-03T01:00:00Z', NEW_YORK)).toBe('2025-06-03T12:00:00.000Z'); // 21:00 EDT → next 08:00
  });

  describe('America/New_York spring forward (2025-03-09, 02:00 EST → 03:00 EDT)', () => {
    it('opens at 08:00 EDT, an hour earlier in UTC than the day before', () => {
      expect(opening('2025-03-08T05:00:00Z', NEW_YORK)).toBe('2025-03-08T13:00:00.000Z'); // Saturday 08:00 EST
      expect(opening('2025-03-09T05:00:00Z', NEW_YORK)).toBe('2025-03-09T12:00:00.000Z'); // Sunday 08:00 EDT
    });

    it('opens a window starting at the skipped 02:30 when the clock jumps to 03:00', () => {
      const window = { start: '02:30', end: '21:00' };
      expect(isInsideWindow(at('2025-03-09T06:59:59Z'), NEW_YORK, window)).toBe(false); // 01:59:59 EST
      expect(opening('2025-03-09T06:00:00Z', NEW_YORK, window)).toBe('2025-03-09T07:00:00.000Z'); // 03:00 EDT
      // the next day 02:30 exists again
      expect(opening('2025-03-10T05:00:00Z', NEW_YORK, window)).toBe('2025-03-10T06:30:00.000Z');
    });
  });

  describe('America/New_York fall back (2025-11-02, 02:00 EDT → 01:00 EST, 01:30 happens twice)', () => {
    const window = { start: '01:30', end: '21:00' };

    it('opens at the first 01:30 (EDT)', () => {
      expect(opening('2025-11-02T04:00:00Z', NEW_YORK, window)).toBe('2025-11-02T05:30:00.000Z');
    });

    it('closes when the clock falls back to 01:00 and opens again at the second 01:30 (EST)', () => {
      expect(isInsideWindow(at('2025-11-02T05:59:59Z'), NEW_YORK, window)).toBe(true); // 01:59:59 EDT
      expect(isInsideWindow(at('2025-11-02T06:15:00Z'), NEW_YORK, window)).toBe(false); // 01:15 EST
      expect(opening('2025-11-02T06:15:00Z', NEW_YORK, window)).toBe('2025-11-02T06:30:00.000Z'); // 01:30 EST
    });

    it('opens at 08:00 EST, an hour later in UTC than the day before', () => {
      expect(opening('2025-11-01T05:00:00Z', NEW_YORK)).toBe('2025-11-01T12:00:00.000Z'); // 08:00 EDT
      expect(opening('2025-11-02T05:00:00Z', NEW_YORK)).toBe('2025-11-02T13:00:00.000Z'); // 08:00 EST
    });

    it('closes at 21:00 EST on the long day', () => {
      expect(isInsideWindow(at('2025-11-03T01:59:59Z'), NEW_YORK, DAYTIME)).toBe(true); // 20:59:59 EST
      expect(opening('2025-11-03T02:00:00Z', NEW_YORK)).toBe('2025-11-03T13:00:00.000Z');
    });
  });

  it('works in half-hour zones: Asia/Kolkata (UTC+5:30) and America/St_Johns (UTC-2:30 in summer)', () => {
    expect(opening('2025-06-01T02:00:00Z', ['Asia/Kolkata'])).toBe('2025-06-01T02:30:00.000Z'); // 07:30 IST → 08:00 IST
    expect(opening('2025-07-01T10:00:00Z', ['America/St_Johns'])).toBe('2025-07-01T10:30:00.000Z'); // 07:30 NDT → 08:00 NDT
    expect(opening('2025-01-15T10:00:00Z', ['America/St_Johns'])).toBe('2025-01-15T11:30:00.000Z'); // 06:30 NST → 08:00 NST
  });

  it('accepts the legacy zone names the phone data uses (Asia/Calcutta)', () => {
    expect(opening('2025-06-01T02:00:00Z', ['Asia/Calcutta'])).toBe('2025-06-01T02:30:00.000Z');
  });

  it('works in Pacific/Honolulu (UTC-10, no DST) on the New York DST day', () => {
    expect(opening('2025-03-09T12:00:00Z', ['Pacific/Honolulu'])).toBe('2025-03-09T18:00:00.000Z'); // 02:00 HST → 08:00 HST
    expect(isInsideWindow(at('2025-03-10T06:59:59Z'), ['Pacific/Honolulu'], DAYTIME)).toBe(true); // 20:59:59 HST
    expect(opening('2025-03-10T07:00:00Z', ['Pacific/Honolulu'])).toBe('2025-03-10T18:00:00.000Z'); // 21:00 HST → next 08:00
  });

  it('works in Europe/London across the start of summer time (2025-03-30)', () => {
    expect(opening('2025-03-29T00:30:00Z', ['Europe/London'])).toBe('2025-03-29T08:00:00.000Z'); // 08:00 GMT
    expect(opening('2025-03-30T00:30:00Z', ['Europe/London'])).toBe('2025-03-30T07:00:00.000Z'); // 08:00 BST
  });

  describe('numbers with several zones: open in all of them', () => {
    it('waits for the westernmost zone to open and stops when the easternmost closes', () => {
      const zones = ['America/New_York', 'America/Los_Angeles'];
      expect(opening('2025-06-02T12:30:00Z', zones)).toBe('2025-06-02T15:00:00.000Z'); // 08:00 PDT
      expect(opening('2025-06-03T01:00:00Z', zones)).toBe('2025-06-03T15:00:00.000Z'); // 21:00 EDT → next 08:00 PDT
    });

    it('handles the 709 prefix (Newfoundland, UTC-2:30, with Puerto Rico, UTC-4)', () => {
      const zones = ['America/Puerto_Rico', 'America/St_Johns'];
      expect(opening('2025-07-01T10:00:00Z', zones)).toBe('2025-07-01T12:00:00.000Z'); // 08:00 AST = 09:30 NDT
      expect(isInsideWindow(at('2025-07-01T23:29:59Z'), zones, DAYTIME)).toBe(true); // 20:59:59 NDT
      expect(isInsideWindow(at('2025-07-01T23:30:00Z'), zones, DAYTIME)).toBe(false); // 21:00 NDT
    });

    it('crosses the New York DST change while London has not changed yet', () => {
      // 2025-03-10: New York already EDT (UTC-4), London still GMT: 08:00 EDT = 12:00 GMT
      expect(opening('2025-03-10T05:00:00Z', ['America/New_York', 'Europe/London'])).toBe('2025-03-10T12:00:00.000Z');
    });

    it('gives null when the window can never be open in all the zones at once', () => {
      expect(
        nextWindowOpening(at('2025-06-02T12:00:00Z'), ['America/New_York', 'Asia/Tokyo'], { start: '09:00', end: '17:00' }),
      ).toBeNull();
    });
  });

  describe('windows starting at midnight', () => {
    const earlyHours = { start: '00:00', end: '06:00' };

    it('opens at the next local midnight', () => {
      expect(opening('2025-01-01T07:00:00Z', ['UTC'], earlyHours)).toBe('2025-01-02T00:00:00.000Z');
      expect(opening('2025-06-02T10:00:00Z', NEW_YORK, earlyHours)).toBe('2025-06-03T04:00:00.000Z'); // 00:00 EDT
    });

    it('opens at midnight on both New York DST days', () => {
      expect(opening('2025-03-08T12:00:00Z', NEW_YORK, earlyHours)).toBe('2025-03-09T05:00:00.000Z'); // 00:00 EST
      expect(opening('2025-11-01T12:00:00Z', NEW_YORK, earlyHours)).toBe('2025-11-02T04:00:00.000Z'); // 00:00 EDT
    });

    it('opens an overnight window at its start', () => {
      expect(opening('2025-01-01T12:00:00Z', ['UTC'], { start: '22:00', end: '06:00' })).toBe('2025-01-01T22:00:00.000Z');
    });
  });
});
