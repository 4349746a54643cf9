import { createHash } from 'node:crypto';
import type { Clock } from '@suite/runtime';
import { localDateAt, nextLocalDate } from '../../shared/local-day';
import type { AdProvider } from '../ad-provider';
import { AdPlatformUnavailableError, type AdAccountDetails, type AdPlatform, type DailySpend } from '../ad-platform.port';

const NAMES: Record<AdProvider, string> = { facebook: 'Sandbox Facebook Ads', google: 'Sandbox Google Ads' };

/** The most days one question may span (the platform asks for 90 at most). */
const MAX_DAYS = 400;

/**
 * The built-in ad platform (PLATFORM_AD_PLATFORM=sandbox), deterministic so tests and demos can
 * predict every answer (docs/ad-accounts.md):
 * - an account id ending in `0000` is unknown (lookup answers null);
 * - an account is named `Sandbox Facebook Ads <id>` / `Sandbox Google Ads <id>`, in USD, except
 *   Google ids starting with `9`, in EUR;
 * - an account id ending in `9999` exists but its spend never comes (unavailable: never synced);
 * - the spend of a day is 20.00 + (the first 4 bytes of sha256(`<provider>:<id>:<day>`) read as a
 *   big-endian uint32, mod 10000) / 100: 20.00 to 119.99; the sandbox reports in the time zone
 *   asked (the company's), and never a day after today there.
 */
export class SandboxAdPlatform implements AdPlatform {
  constructor(private readonly clock: Clock) {}

  async lookupAccount(provider: AdProvider, accountId: string): Promise<AdAccountDetails | null> {
    if (accountId.endsWith('0000')) return null;
    return { name: `${NAMES[provider]} ${accountId}`, currency: sandboxCurrency(provider, accountId) };
  }

  async dailySpend(provider: AdProvider, accountId: string, from: string, to: string, timeZone: string): Promise<DailySpend[]> {
    if (accountId.endsWith('9999')) throw new AdPlatformUnavailableError(`The sandbox ${provider} reporting API is unavailable.`);
    if (accountId.endsWith('0000')) return [];
    const today = localDateAt(this.clock.now().getTime(), timeZone);
    const last = to < today ? to : today;
    const currency = sandboxCurrency(provider, accountId);
    const days: DailySpend[] = [];
    for (let day = from; day <= last && days.length < MAX_DAYS; day = nextLocalDate(day)) {
      days.push({ day, amount: sandboxDailyAmount(provider, accountId, day), currency });
    }
    return days;
  }
}

export const sandboxCurrency = (provider: AdProvider, accountId: string): string =>
  provider === 'google' && accountId.startsWith('9') ? 'EUR' : 'USD';

/** The sandbox's spend of one day: 20.00–119.99, from a hash of the provider, account and day. */
export function sandboxDailyAmount(provider: AdProvider, accountId: string, day: string): number {
  const hash = createHash('sha256').update(`${provider}:${accountId}:${day}`).digest();
  return (2000 + (hash.readUInt32BE(0) % 10_000)) / 100;
}
