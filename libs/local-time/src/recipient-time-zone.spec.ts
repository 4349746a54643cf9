import { recipientTimeZones, windowOpeningFor } from './recipient-time-zone';

const DAYTIME = { start: '08:00', end: '21:00' };

describe('recipientTimeZones', () => {
  it.each([
    ['+12125551234', ['America/New_York']],
    ['2125551234', ['America/New_York']], // 10-digit US
    ['+18085551234', ['Pacific/Honolulu']],
    ['+14155551234', ['America/Los_Angeles']],
    ['+919876543210', ['Asia/Calcutta']],
    ['+17095551234', ['America/Puerto_Rico', 'America/St_Johns']],
    ['+447911123456', ['Europe/Guernsey', 'Europe/Isle_of_Man', 'Europe/London']],
  ])('%s → %j from the number', async (phone, zones) => {
    await expect(recipientTimeZones(phone)).resolves.toEqual({ zones, source: 'number' });
  });

  it('answers the same twice', async () => {
    await expect(recipientTimeZones('+12125551234')).resolves.toEqual(await recipientTimeZones('+12125551234'));
  });

  it.each(['not a phone', '+1555', '+15555550100'])(
    'falls back to the workspace default for %s (not a valid number)',
    async (phone) => {
      await expect(recipientTimeZones(phone)).resolves.toEqual({ zones: ['America/New_York'], source: 'workspace_default' });
      await expect(recipientTimeZones(phone, 'America/Chicago')).resolves.toEqual({
        zones: ['America/Chicago'],
        source: 'workspace_default',
      });
    },
  );

  it('uses the workspace zone for a number placed only by its country when the workspace zone is in that country', async () => {
    await expect(recipientTimeZones('+18005551234')).resolves.toEqual({
      zones: ['America/New_York'],
      source: 'workspace_default',
    });
    await expect(recipientTimeZones('8885551234', 'America/Denver')).resolves.toEqual({
      zones: ['America/Denver'],
      source: 'workspace_default',
    });
  });
});

describe('windowOpeningFor', () => {
  it('uses every zone of the number', async () => {
    const recipient = await recipientTimeZones('+17095551234'); // Puerto Rico (UTC-4) and St John's (UTC-2:30 in July)
    const opening = windowOpeningFor(new Date('2025-07-01T10:00:00Z'), recipient, DAYTIME);
    expect(opening).toEqual({ at: new Date('2025-07-01T12:00:00Z'), zones: ['America/Puerto_Rico', 'America/St_Johns'] });
  });

  it("requires the window open in all the zones, even a whole country's, while they share some hours", async () => {
    const tollFree = await recipientTimeZones('+18005551234', 'Europe/Paris');
    expect(tollFree.source).toBe('country');
    expect(tollFree.zones).toHaveLength(42);
    // Guam (UTC+10) opens at 22:00Z; Bermuda (UTC-3 in June) closes at 00:00Z, St John's at 23:30Z
    const opening = windowOpeningFor(new Date('2025-06-02T10:00:00Z'), tollFree, DAYTIME, 'Europe/Paris');
    expect(opening.at).toEqual(new Date('2025-06-02T22:00:00Z'));
  });

  it('falls back to the workspace zone when the zones never share an open hour', () => {
    const farApart = { zones: ['America/New_York', 'Asia/Tokyo'], source: 'number' } as const;
    const opening = windowOpeningFor(
      new Date('2025-06-02T10:00:00Z'),
      farApart,
      { start: '09:00', end: '17:00' },
      'America/Chicago',
    );
    expect(opening).toEqual({ at: new Date('2025-06-02T14:00:00Z'), zones: ['America/Chicago'] }); // 09:00 CDT
  });

  it('returns the instant itself when open now', async () => {
    const recipient = await recipientTimeZones('+12125551234');
    const now = new Date('2025-06-02T15:00:00Z');
    expect(windowOpeningFor(now, recipient, DAYTIME).at).toBe(now);
  });
});
