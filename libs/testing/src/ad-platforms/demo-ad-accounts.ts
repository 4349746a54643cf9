import { createHash } from 'node:crypto';
import type { FakeGoogleCustomer, FakeGoogleUser } from './fake-google-ads';
import type { FakeMetaAccount, FakeMetaUser } from './fake-meta';

/**
 * The demo world of `npm run fakes:ads` (tools/fakes/ad-platform-fakes.ts): one person who may read
 * two Meta accounts and one Google Ads account, with 120 days of spend. The e2e spec of the script
 * computes the spend it expects from the same functions.
 */

/** The stand-ins' own app credentials: nothing real, printed for the platform's variables. */
export const DEMO_AD_CREDENTIALS = {
  meta: { appId: '1000000000000001', appSecret: 'demo-meta-app-secret' },
  google: {
    clientId: 'demo-client.apps.googleusercontent.com',
    clientSecret: 'demo-google-client-secret',
    developerToken: 'demo-developer-token',
  },
};

/** The one person at both stand-ins, who may read every demo account. */
export const DEMO_PERSON = 'dana';

/** The demo accounts' days: the 120 days up to `now` in the account's zone. */
const DAYS = 120;

const dayIn = (at: number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));

/** A demo account's spend per day: 15.00–114.99 from a hash of the account and day, none on Sundays (a paused campaign). */
export function demoSpend(account: string, timeZone: string, now: number): Record<string, string> {
  const days: Record<string, string> = {};
  for (let back = 0; back < DAYS; back++) {
    const day = dayIn(now - back * 86_400_000, timeZone);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) continue;
    const hash = createHash('sha256').update(`${account}:${day}`).digest().readUInt32BE(0);
    days[day] = (15 + (hash % 10_000) / 100).toFixed(2);
  }
  return days;
}

export const demoMetaUsers = (): FakeMetaUser[] => [
  { id: DEMO_PERSON, name: 'Dana Demo', accounts: ['101000000001', '101000000002'] },
];

export const demoMetaAccounts = (now: number): FakeMetaAccount[] => [
  {
    id: '101000000001',
    name: 'Demo Dental (Meta)',
    currency: 'USD',
    timeZone: 'America/Los_Angeles',
    spend: demoSpend('m1', 'America/Los_Angeles', now),
  },
  {
    id: '101000000002',
    name: 'Demo Dental Promotions (Meta)',
    currency: 'USD',
    timeZone: 'America/New_York',
    spend: demoSpend('m2', 'America/New_York', now),
  },
];

export const demoGoogleUsers = (): FakeGoogleUser[] => [{ id: DEMO_PERSON, name: 'Dana Demo', customers: ['1230004567'] }];

export const demoGoogleCustomers = (now: number): FakeGoogleCustomer[] => [
  {
    id: '1230004567',
    descriptiveName: 'Demo Dental (Search)',
    currencyCode: 'USD',
    timeZone: 'America/Chicago',
    costMicros: Object.fromEntries(
      Object.entries(demoSpend('g1', 'America/Chicago', now)).map(([day, amount]) => [
        day,
        String(Math.round(Number(amount) * 1_000_000)),
      ]),
    ),
  },
];
