import type { AccountSpend } from '../../ad-accounts/ad-spend.reader';
import { AD_PROVIDERS, type AdProvider } from '../../ad-accounts/ad-provider';
import { costPer } from './dashboard-figures';

/** How each ad platform is named on the dashboard (its `channels[].name`, the notes). */
export const AD_CHANNEL_NAMES: Readonly<Record<AdProvider, string>> = { facebook: 'Facebook Ads', google: 'Google Ads' };

/** The currency named when no account says one (spend is then null anyway). */
export const DEFAULT_SPEND_CURRENCY = 'USD';

export interface SpendSummary {
  spend: number | null;
  currency: string;
  note: string;
}

/**
 * The dashboard's spend: the sum of the connected accounts' spend, or null — when none is
 * connected, when one has not synced yet (a partial sum would read as the whole), or when they
 * report in different currencies (they cannot be added). The note says which.
 */
export function summariseSpend(accounts: readonly AccountSpend[]): SpendSummary {
  if (accounts.length === 0) return { spend: null, currency: DEFAULT_SPEND_CURRENCY, note: 'No ad account connected.' };
  const currencies = [...new Set(accounts.map((account) => account.currency))].sort();
  const unsynced = accounts.filter((account) => account.amount === null);
  const missing = AD_PROVIDERS.filter((provider) => !accounts.some((account) => account.provider === provider));
  const missingNote =
    missing.length > 0 ? ` ${missing.map((provider) => AD_CHANNEL_NAMES[provider]).join(' and ')} not connected.` : '';
  if (unsynced.length > 0) {
    const names = unsynced.map((account) => AD_CHANNEL_NAMES[account.provider]).join(' and ');
    return { spend: null, currency: currencies[0]!, note: `${names} spend not synced yet.${missingNote}` };
  }
  if (currencies.length > 1) {
    return {
      spend: null,
      currency: currencies[0]!,
      note: `Ad accounts report in different currencies (${currencies.join(', ')}); spend is not summed.${missingNote}`,
    };
  }
  const cents = accounts.reduce((sum, account) => sum + Math.round((account.amount ?? 0) * 100), 0);
  const sources = accounts.map((account) => `${AD_CHANNEL_NAMES[account.provider]} (${account.accountId})`).join(' and ');
  return { spend: cents / 100, currency: currencies[0]!, note: `Spend from ${sources}.${missingNote}` };
}

export interface ChannelRow {
  id: AdProvider;
  name: string;
  leads: number;
  spend: number | null;
  connected: boolean;
  cost_per_lead: number | null;
}

/** One row per ad platform: its leads (contacts whose source it is), and its spend — null when not connected or not synced. */
export function channelRows(accounts: readonly AccountSpend[], leadsBySource: ReadonlyMap<string, number>): ChannelRow[] {
  return AD_PROVIDERS.map((provider) => {
    const account = accounts.find((candidate) => candidate.provider === provider);
    const leads = leadsBySource.get(provider) ?? 0;
    const spend = account?.amount ?? null;
    return {
      id: provider,
      name: AD_CHANNEL_NAMES[provider],
      leads,
      spend,
      connected: account !== undefined,
      cost_per_lead: costPer(spend, leads),
    };
  });
}
