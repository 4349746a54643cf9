import { createHash } from 'node:crypto';
import { AdConsentRefusedError, AdPlatformUnavailableError } from '../ad-platform.port';
import { SANDBOX_CODE_PREFIX, SandboxAdPlatform, sandboxDailyAmount } from './sandbox-ad-platform';

describe('SandboxAdPlatform', () => {
  // 2026-03-10 03:00 UTC: still 2026-03-09 in New York, already 2026-03-10 in Berlin.
  const now = new Date('2026-03-10T03:00:00Z');
  const sandbox = new SandboxAdPlatform({ now: () => now }, 'http://127.0.0.1:3003');

  it('names accounts after the provider and id, in USD and New York except Google ids starting with 9 (EUR, Berlin)', async () => {
    expect(await sandbox.lookupAccount('facebook', 'act_123', null)).toEqual({
      name: 'Sandbox Facebook Ads act_123',
      currency: 'USD',
      timeZone: 'America/New_York',
    });
    expect(await sandbox.lookupAccount('google', '123-456-7890', null)).toEqual({
      name: 'Sandbox Google Ads 123-456-7890',
      currency: 'USD',
      timeZone: 'America/New_York',
    });
    expect(await sandbox.lookupAccount('google', '912-345-6789', null)).toEqual({
      name: 'Sandbox Google Ads 912-345-6789',
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
    });
    expect((await sandbox.lookupAccount('facebook', 'act_9123', null))?.currency).toBe('USD');
  });

  it('sends the consent to its own page with the read-only scope, redeems only its own codes, lists two accounts', async () => {
    const url = new URL(
      sandbox.consentUrl('facebook', {
        state: 'st',
        redirectUri: 'http://127.0.0.1:3003/api/ad-accounts/callback/facebook',
        codeChallenge: 'ch',
      }),
    );
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:3003/api/sandbox/ad-consent/facebook');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sandbox-facebook-app',
      redirect_uri: 'http://127.0.0.1:3003/api/ad-accounts/callback/facebook',
      response_type: 'code',
      scope: 'ads_read',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
    await expect(sandbox.redeemCode('google', 'forged', 'r', 'v')).rejects.toBeInstanceOf(AdConsentRefusedError);
    const tokens = await sandbox.redeemCode('google', `${SANDBOX_CODE_PREFIX}x`, 'r', 'v');
    expect(tokens).toMatchObject({ refreshToken: expect.any(String), scope: 'https://www.googleapis.com/auth/adwords' });
    expect(tokens.refreshAfter!.getTime()).toBeLessThan(tokens.expiresAt!.getTime());
    expect((await sandbox.redeemCode('facebook', `${SANDBOX_CODE_PREFIX}x`, 'r', 'v')).refreshToken).toBeNull();
    expect((await sandbox.readableAccounts('google', tokens)).map((a) => a.accountId)).toEqual(['123-456-7890', '912-345-6789']);
  });

  it('does not know ids ending in 0000', async () => {
    expect(await sandbox.lookupAccount('facebook', 'act_10000', null)).toBeNull();
    expect(await sandbox.lookupAccount('google', '123-456-0000', null)).toBeNull();
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

  it("reports every day from..to inclusive, in the account's currency, never after today in the account's time zone", async () => {
    const berlin = await sandbox.dailySpend('google', '912-345-6789', '2026-03-07', '2026-03-12', null);
    expect(berlin.map((d) => d.day)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(berlin.every((d) => d.currency === 'EUR')).toBe(true);
    expect(berlin[0]!.amount).toBe(sandboxDailyAmount('google', '912-345-6789', '2026-03-07'));
    const newYork = await sandbox.dailySpend('google', '123-456-7890', '2026-03-07', '2026-03-12', null);
    expect(newYork.map((d) => d.day)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(await sandbox.dailySpend('facebook', 'act_1', '2026-03-05', '2026-03-04', null)).toEqual([]);
  });

  it('is unavailable for ids ending in 9999, so an account can stay never synced', async () => {
    expect(await sandbox.lookupAccount('facebook', 'act_9999', null)).not.toBeNull();
    await expect(sandbox.dailySpend('facebook', 'act_9999', '2026-03-01', '2026-03-02', null)).rejects.toBeInstanceOf(
      AdPlatformUnavailableError,
    );
  });
});
