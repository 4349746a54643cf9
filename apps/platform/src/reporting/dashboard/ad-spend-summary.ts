import type { AccountSpend } from '../ad-accounts/ad-spend.reader';
import { AD_CHANNEL_LABELS, AD_PROVIDERS, type AdProvider } from '../ad-accounts/ad-provider';
import { costPer } from './dashboard-figures';

/** The currency named when no account says one (spend is then null anyway). */
export const DEFAULT_SPEND_CURRENCY = 'USD';

export interface SpendSummary {
  spend: number | null;
  currency: string;
  note: string;
}

const names = (accounts: readonly AccountSpend[]): string =>
  accounts.map((account) => AD_CHANNEL_LABELS[account.provider]).join(' and ');

/**
 * The dashboard's spend: the sum of the connected accounts' spend, or null — when none is
 * connected, when one is disconnected (its grant no longer reads it) or has not synced yet (a
 * partial sum would read as the whole), or when they report in different currencies (they cannot
 * be added). The note says which; with a sum, it also says — when an account reports its days in
 * another time zone than the company's — how its days are matched to the company's (by date).
 */
export function summariseSpend(accounts: readonly AccountSpend[], companyTimeZone: string): SpendSummary {
  if (accounts.length === 0) return { spend: null, currency: DEFAULT_SPEND_CURRENCY, note: 'No ad account connected.' };
  const currencies = [...new Set(accounts.map((account) => account.currency))].sort();
  const missing = AD_PROVIDERS.filter((provider) => !accounts.some((account) => account.provider === provider));
  const missingNote =
    missing.length > 0 ? ` ${missing.map((provider) => AD_CHANNEL_LABELS[provider]).join(' and ')} not connected.` : '';
  const disconnected = accounts.filter((account) => !account.connected);
  const unsynced = accounts.filter((account) => account.connected && account.amount === null);
  const problems = [
    ...(disconnected.length > 0 ? [`${names(disconnected)} disconnected: connect again to see its spend.`] : []),
    ...(unsynced.length > 0 ? [`${names(unsynced)} spend not synced yet.`] : []),
  ];
  if (problems.length > 0) return { spend: null, currency: currencies[0]!, note: `${problems.join(' ')}${missingNote}` };
  if (currencies.length > 1) {
    return {
      spend: null,
      currency: currencies[0]!,
      note: `Ad accounts report in different currencies (${currencies.join(', ')}); spend is not summed.${missingNote}`,
    };
  }
  const cents = accounts.reduce((sum, account) => sum + Math.round((account.amount ?? 0) * 100), 0);
  const sources = accounts.map((account) => `${AD_CHANNEL_LABELS[account.provider]} (${account.accountId})`).join(' and ');
  const alignment = alignmentNote(accounts, companyTimeZone);
  return { spend: cents / 100, currency: currencies[0]!, note: `Spend from ${sources}.${missingNote}${alignment}` };
}

/**
 * Ad platforms report an account's spend per day of the account's own time zone, and the stored
 * days are those: a range of the company's days adds up the account's days of the same dates.
 * Said only when it matters — an account in another zone than the company's.
 */
export function alignmentNote(accounts: readonly AccountSpend[], companyTimeZone: string): string {
  const elsewhere = accounts.filter((account) => account.timeZone !== companyTimeZone);
  if (elsewhere.length === 0) return '';
  const zones = elsewhere.map((account) => `${AD_CHANNEL_LABELS[account.provider]} in ${account.timeZone}`).join(', ');
  return ` Spend days are each ad account's own (${zones}; the company's are ${companyTimeZone}): a day's spend is the account's day of the same date.`;
}

export interface ChannelRow {
  id: AdProvider;
  name: string;
  leads: number;
  spend: number | null;
  connected: boolean;
  cost_per_lead: number | null;
}

/** One row per ad platform: its leads (contacts whose source it is), and its spend — null when not connected, disconnected or unsynced. */
export function channelRows(accounts: readonly AccountSpend[], leadsBySource: ReadonlyMap<string, number>): ChannelRow[] {
  return AD_PROVIDERS.map((provider) => {
    const account = accounts.find((candidate) => candidate.provider === provider);
    const leads = leadsBySource.get(provider) ?? 0;
    const spend = account?.amount ?? null;
    return {
      id: provider,
      name: AD_CHANNEL_LABELS[provider],
      leads,
      spend,
      // A disconnected account (its grant revoked) shows as not connected: null, never 0.
      connected: account?.connected === true,
      cost_per_lead: costPer(spend, leads),
    };
  });
}
