import { callingWindowDecision } from './calling-window';

const DAYTIME = { start: '09:00', end: '20:00' };

describe('callingWindowDecision', () => {
  it('open inside the window in the zone of the number', async () => {
    // 15:00 UTC in March is 10:00 in New York (EST, UTC-5).
    await expect(callingWindowDecision(new Date('2026-03-02T15:00:00Z'), '+12125550123', DAYTIME, 'UTC')).resolves.toEqual({
      open: true,
    });
  });

  it("closed outside it: the next opening in the number's zone", async () => {
    // 02:00 UTC is 21:00 the evening before in New York; the window opens at 09:00 EST = 14:00 UTC.
    await expect(callingWindowDecision(new Date('2026-03-03T02:00:00Z'), '+12125550123', DAYTIME, 'UTC')).resolves.toEqual({
      open: false,
      opensAt: new Date('2026-03-03T14:00:00Z'),
    });
  });

  it('a Los Angeles number waits for Los Angeles hours, whatever the company zone', async () => {
    // 15:00 UTC is 07:00 in Los Angeles (PST): opens at 09:00 PST = 17:00 UTC.
    await expect(
      callingWindowDecision(new Date('2026-03-02T15:00:00Z'), '+13105550123', DAYTIME, 'America/New_York'),
    ).resolves.toEqual({ open: false, opensAt: new Date('2026-03-02T17:00:00Z') });
  });

  it("a number that says nothing of its zone is called in the company's hours", async () => {
    // A US toll-free number: the company's zone (Chicago, CST) decides; 13:00 UTC is 07:00 there.
    await expect(
      callingWindowDecision(new Date('2026-03-02T13:00:00Z'), '+18005550123', DAYTIME, 'America/Chicago'),
    ).resolves.toEqual({ open: false, opensAt: new Date('2026-03-02T15:00:00Z') });
  });

  it('an unknown company zone falls back to New York rather than failing', async () => {
    await expect(
      callingWindowDecision(new Date('2026-03-02T13:00:00Z'), '+18005550123', DAYTIME, 'Mars/Olympus_Mons'),
    ).resolves.toEqual({ open: false, opensAt: new Date('2026-03-02T14:00:00Z') });
  });
});
