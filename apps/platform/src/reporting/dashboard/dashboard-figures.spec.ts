import type { AccountSpend } from '../ad-accounts/ad-spend.reader';
import { channelRows, summariseSpend } from './ad-spend-summary';
import { localMinute } from '../local-time';
import { costPer, dayLabel, durationLabel, percentage } from './dashboard-figures';

describe('rates and costs: null where there is nothing to divide by', () => {
  it.each([
    [0, 0, null],
    [3, 0, null],
    [0, 4, 0],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [5, 5, 100],
  ])('percentage(%p, %p) = %p', (part, whole, expected) => expect(percentage(part, whole)).toBe(expected));

  it.each([
    [null, 10, null],
    [100, 0, null],
    [null, 0, null],
    [0, 4, 0],
    [100, 3, 33.33],
    [1234.5, 7, 176.36],
  ])('costPer(%p, %p) = %p', (spend, units, expected) => expect(costPer(spend, units)).toBe(expected));
});

describe('how figures read', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [60, '1m 00s'],
    [725, '12m 05s'],
    [3600, '1h 00m'],
    [11_075, '3h 04m'],
    [-5, '0s'],
  ])('durationLabel(%p) = %p', (seconds, label) => expect(durationLabel(seconds)).toBe(label));

  it('labels a day by month and day, whatever the zone of the process', () => {
    expect(dayLabel('2026-11-24')).toBe('Nov 24');
    expect(dayLabel('2026-03-08')).toBe('Mar 8');
  });

  it('writes instants as local minutes, across DST changes', () => {
    // New York springs forward on 2026-03-08 (02:00 → 03:00) and falls back on 2026-11-01.
    expect(localMinute(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08 00:00');
    expect(localMinute(new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08 23:59');
    expect(localMinute(new Date('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('2026-11-01 00:00');
    expect(localMinute(new Date('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01 23:59');
    expect(localMinute(new Date('2026-06-30T22:00:00Z'), 'Europe/Berlin')).toBe('2026-07-01 00:00');
  });
});

const NEW_YORK = 'America/New_York';
const account = (
  provider: 'facebook' | 'google',
  amount: number | null,
  currency = 'USD',
  more: Partial<AccountSpend> = {},
): AccountSpend => ({
  provider,
  adAccountId: provider === 'facebook' ? '1' : '2',
  accountId: provider === 'facebook' ? 'act_1' : '123-456-7890',
  name: `Sandbox ${provider}`,
  currency,
  timeZone: NEW_YORK,
  connected: true,
  disconnectedReason: null,
  amount,
  ...more,
});
const disconnected = (provider: 'facebook' | 'google'): AccountSpend =>
  account(provider, null, 'USD', { connected: false, disconnectedReason: 'grant revoked' });

describe('spend: the sum of connected accounts, or null', () => {
  it('is null when no account is connected', () => {
    expect(summariseSpend([], NEW_YORK)).toEqual({ spend: null, currency: 'USD', note: 'No ad account connected.' });
  });

  it('sums in cents, and names a platform not connected', () => {
    expect(summariseSpend([account('facebook', 10.1), account('google', 20.2)], NEW_YORK)).toEqual({
      spend: 30.3,
      currency: 'USD',
      note: 'Spend from Facebook Ads (act_1) and Google Ads (123-456-7890).',
    });
    expect(summariseSpend([account('google', 0)], NEW_YORK)).toEqual({
      spend: 0,
      currency: 'USD',
      note: 'Spend from Google Ads (123-456-7890). Facebook Ads not connected.',
    });
  });

  it('is null while an account has not synced (a partial sum would read as the whole)', () => {
    expect(summariseSpend([account('facebook', 10), account('google', null)], NEW_YORK)).toEqual({
      spend: null,
      currency: 'USD',
      note: 'Google Ads spend not synced yet.',
    });
  });

  it('is null while an account is disconnected (its grant revoked), never a partial sum or 0', () => {
    expect(summariseSpend([account('facebook', 10), disconnected('google')], NEW_YORK)).toEqual({
      spend: null,
      currency: 'USD',
      note: 'Google Ads disconnected: connect again to see its spend.',
    });
    expect(summariseSpend([disconnected('facebook')], NEW_YORK)).toMatchObject({
      spend: null,
      note: 'Facebook Ads disconnected: connect again to see its spend. Google Ads not connected.',
    });
  });

  it("says how an account's days are matched to the company's when its time zone differs", () => {
    const losAngeles = account('facebook', 12.5, 'USD', { timeZone: 'America/Los_Angeles' });
    expect(summariseSpend([losAngeles], NEW_YORK)).toEqual({
      spend: 12.5,
      currency: 'USD',
      note:
        "Spend from Facebook Ads (act_1). Google Ads not connected. Spend days are each ad account's own " +
        "(Facebook Ads in America/Los_Angeles; the company's are America/New_York): a day's spend is the account's day of the same date.",
    });
    expect(summariseSpend([losAngeles], 'America/Los_Angeles').note).toBe(
      'Spend from Facebook Ads (act_1). Google Ads not connected.',
    );
  });

  it('is null when the accounts report in different currencies', () => {
    expect(summariseSpend([account('facebook', 10), account('google', 5, 'EUR')], NEW_YORK)).toEqual({
      spend: null,
      currency: 'EUR',
      note: 'Ad accounts report in different currencies (EUR, USD); spend is not summed.',
    });
  });
});

describe('channels: one row per ad platform, null where not connected', () => {
  it('gives a disconnected platform null spend and cost, never 0', () => {
    const rows = channelRows(
      [account('facebook', 90)],
      new Map([
        ['facebook', 3],
        ['google', 2],
        ['organic', 9],
      ]),
    );
    expect(rows).toEqual([
      { id: 'facebook', name: 'Facebook Ads', leads: 3, spend: 90, connected: true, cost_per_lead: 30 },
      { id: 'google', name: 'Google Ads', leads: 2, spend: null, connected: false, cost_per_lead: null },
    ]);
  });

  it('shows a disconnected account (grant revoked) as not connected, with null spend', () => {
    expect(channelRows([disconnected('facebook')], new Map([['facebook', 2]]))[0]).toEqual({
      id: 'facebook',
      name: 'Facebook Ads',
      leads: 2,
      spend: null,
      connected: false,
      cost_per_lead: null,
    });
  });

  it('gives a connected platform without leads a null cost per lead, and an unsynced one null spend', () => {
    expect(channelRows([account('facebook', 90), account('google', null)], new Map())).toEqual([
      { id: 'facebook', name: 'Facebook Ads', leads: 0, spend: 90, connected: true, cost_per_lead: null },
      { id: 'google', name: 'Google Ads', leads: 0, spend: null, connected: true, cost_per_lead: null },
    ]);
  });
});
