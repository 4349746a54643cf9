import { createHash } from 'node:crypto';
import { AdPlatformUnavailableError } from '../ad-platform.port';
import { SandboxAdPlatform, sandboxDailyAmount } from './sandbox-ad-platform';

describe('SandboxAdPlatform', () => {
  // 2026-03-10 03:00 UTC: still 2026-03-09 in New York, already 2026-03-10 in Berlin.
  const now = new Date('2026-03-10T03:00:00Z');
  const sandbox = new SandboxAdPlatform({ now: () => now });

  it('names accounts after the provider and id, in USD except Google ids starting with 9 (EUR)', async () => {
    expect(await sandbox.lookupAccount('facebook', 'act_123')).toEqual({ name: 'Sandbox Facebook Ads act_123', currency: 'USD' });
    expect(await sandbox.lookupAccount('google', '123-456-7890')).toEqual({
      name: 'Sandbox Google Ads 123-456-7890',
      currency: 'USD',
    });
    expect(await sandbox.lookupAccount('google', '912-345-6789')).toEqual({
      name: 'Sandbox Google Ads 912-345-6789',
      currency: 'EUR',
    });
    expect((await sandbox.lookupAccount('facebook', 'act_9123'))?.currency).toBe('USD');
  });

  it('does not know ids ending in 0000', async () => {
    expect(await sandbox.lookupAccount('facebook', 'act_10000')).toBeNull();
    expect(await sandbox.lookupAccount('google', '123-456-0000')).toBeNull();
  });

  it('computes a day as 20.00 + (first 4 bytes of sha256 as a big-endian uint32 mod 10000) / 100', () => {
    const hash = createHash('sha256').update('facebook:act_123:2026-03-01').digest();
    const expected = 20 + (hash.readUInt32BE(0) % 10000) / 100;
    expect(sandboxDailyAmount('facebook', 'act_123', '2026-03-01')).toBeCloseTo(expected, 10);
    expect(sandboxDailyAmount('google', '123-456-7890', '2026-03-01')).not.toBe(
      sandboxDailyAmount('facebook', 'act_123', '2026-03-01'),
    );
    for (let day = 1; day <= 28; day++) {
      const amount = sandboxDailyAmount('google', '123-456-7890', `2026-02-${String(day).padStart(2, '0')}`);
      expect(amount).toBeGreaterThanOrEqual(20);
      expect(amount).toBeLessThanOrEqual(119.99);
      expect(Math.round(amount * 100) / 100).toBe(amount);
    }
  });

  it('reports every day from..to inclusive, in the account currency, never after today in the time zone asked', async () => {
    const berlin = await sandbox.dailySpend('google', '912-345-6789', '2026-03-07', '2026-03-12', 'Europe/Berlin');
    expect(berlin.map((d) => d.day)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(berlin.every((d) => d.currency === 'EUR')).toBe(true);
    expect(berlin[0]!.amount).toBe(sandboxDailyAmount('google', '912-345-6789', '2026-03-07'));
    const newYork = await sandbox.dailySpend('google', '912-345-6789', '2026-03-07', '2026-03-12', 'America/New_York');
    expect(newYork.map((d) => d.day)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(await sandbox.dailySpend('facebook', 'act_1', '2026-03-05', '2026-03-04', 'UTC')).toEqual([]);
  });

  it('is unavailable for ids ending in 9999, so an account can stay never synced', async () => {
    expect(await sandbox.lookupAccount('facebook', 'act_9999')).not.toBeNull();
    await expect(sandbox.dailySpend('facebook', 'act_9999', '2026-03-01', '2026-03-02', 'UTC')).rejects.toBeInstanceOf(
      AdPlatformUnavailableError,
    );
  });
});
