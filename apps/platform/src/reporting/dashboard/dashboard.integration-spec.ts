import { CLOCK } from '@suite/time';
import { eventually, TestClock } from '@suite/testing';
import { sandboxDailyAmount } from '../ad-accounts/sandbox/sandbox-ad-platform';
import {
  createTenancyFixture,
  PlatformTestApp,
  type CompanyKey,
  type EndpointCase,
  type TenancyFixture,
  type TestUser,
} from '../../testing';
import { describeEndpointRules } from '../../testing/describe-endpoint-rules';

/**
 * GET /api/dashboard/business on PostgreSQL: every preset's window in the company's time zone and
 * week start (New York across its spring change, Berlin across its autumn one), the counts at the
 * edges of local days, and the null rules one by one. Spend is in ad-accounts.integration-spec
 * and below; texts from real messaging events in e2e/dashboard-texts.integration-spec.ts.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;
// Tuesday 2026-03-10, 11:00 in New York (EDT since Sunday the 8th).
const clock = new TestClock(new Date('2026-03-10T15:00:00Z'));

beforeAll(async () => {
  platform = await PlatformTestApp.start('dashboard', { overrides: [{ provide: CLOCK, useValue: clock }] });
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: '/api/dashboard/business',
    permission: 'view-dashboard',
    target: async (_key: CompanyKey) => ({}),
    status: 200,
    expected: { success: true },
  },
];
describeEndpointRules(ENDPOINTS, () => ({ platform, fixture }));

async function companyIn(timezone: string, weekStart: 'sunday' | 'monday', name = 'Sunrise Dental'): Promise<string> {
  const company = await platform.company(name);
  await platform.db.query('UPDATE platform.companies SET timezone = $2, week_start = $3 WHERE id = $1', [
    company,
    timezone,
    weekStart,
  ]);
  return company;
}

async function leadAt(company: string, at: string, source: string | null = null): Promise<void> {
  const contact = await platform.contact(company, { source } as never);
  await platform.db.query('UPDATE platform.contacts SET created_at = $2 WHERE id = $1', [contact.id, at]);
}

async function bookingAt(company: string, at: string, status = 'scheduled'): Promise<void> {
  const appointment = await platform.appointment(company);
  await platform.db.query('UPDATE platform.appointments SET created_at = $2, status = $3 WHERE id = $1', [
    appointment.id,
    at,
    status,
  ]);
}

let callNumber = 0;
async function callAt(
  company: string,
  at: string,
  options: { direction?: string; answered?: boolean; seconds?: number } = {},
): Promise<void> {
  callNumber += 1;
  await platform.db.query(
    `INSERT INTO platform.calls (company_id, provider, call_id, direction, caller_number, called_number, status,
       duration_seconds, started_at, answered_at, ended_at)
     VALUES ($1, 'sandbox', $2, $3, '+14155550100', '+12125550123', 'completed', $4, $5, $6, $5)`,
    [company, `dash_call_${callNumber}`, options.direction ?? 'outbound', options.seconds ?? 0, at, options.answered ? at : null],
  );
}

const overview = async (viewer: TestUser, query = '') =>
  (await platform.request('get', `/api/dashboard/business${query}`, await viewer.token()).expect(200)).body.data;

describe('presets in New York, across the spring change (2026-03-08: a 23-hour day)', () => {
  let sunday: TestUser;
  let monday: TestUser;

  beforeAll(async () => {
    const weekFromSunday = await companyIn('America/New_York', 'sunday');
    const weekFromMonday = await companyIn('America/New_York', 'monday');
    for (const company of [weekFromSunday, weekFromMonday]) {
      await leadAt(company, '2026-03-08T04:59:59Z'); // Sat 7th, 23:59:59 EST
      await leadAt(company, '2026-03-08T05:00:00Z'); // Sun 8th, 00:00 EST
      await leadAt(company, '2026-03-09T03:59:59Z'); // Sun 8th, 23:59:59 EDT
      await leadAt(company, '2026-03-09T04:30:00Z', 'facebook'); // Mon 9th, 00:30 EDT (the 8th + 24 h would still be the 8th)
      await leadAt(company, '2026-03-10T14:00:00Z', 'google'); // Tue 10th
      await leadAt(company, '2026-02-28T12:00:00Z'); // Feb 28th
      await leadAt(company, '2026-03-01T04:59:00Z'); // Feb 28th, 23:59 EST
      await bookingAt(company, '2026-03-09T04:30:00Z'); // Mon 9th
      await bookingAt(company, '2026-03-09T12:00:00Z', 'cancelled'); // not a booking any more
      await bookingAt(company, '2026-03-02T12:00:00Z'); // Mon 2nd
    }
    sunday = await platform.actor(weekFromSunday, ['view-dashboard']);
    monday = await platform.actor(weekFromMonday, ['view-dashboard']);
  });

  it.each([
    ['today', 'Today', '2026-03-10 00:00', '2026-03-10 23:59', 1, 0],
    ['yesterday', 'Yesterday', '2026-03-09 00:00', '2026-03-09 23:59', 1, 1],
    ['last7', 'Last 7 days', '2026-03-04 00:00', '2026-03-10 23:59', 5, 1],
    ['thisWeek', 'This week', '2026-03-08 00:00', '2026-03-10 23:59', 4, 1],
    ['thisMonth', 'This month', '2026-03-01 00:00', '2026-03-10 23:59', 5, 2],
    ['last30', 'Last 30 days', '2026-02-09 00:00', '2026-03-10 23:59', 7, 2],
    ['lastWeek', 'Last week', '2026-03-01 00:00', '2026-03-07 23:59', 1, 1],
    ['lastMonth', 'Last month', '2026-02-01 00:00', '2026-02-28 23:59', 2, 0],
  ])('%s (weeks from Sunday): %s, %s – %s, %i leads, %i bookings', async (range, label, start, end, leads, appointments) => {
    const data = await overview(sunday, `?range=${range}`);
    expect(data).toMatchObject({ timezone: 'America/New_York', range, range_label: label, start, end, leads, appointments });
    expect(data.trend.reduce((sum: number, day: { leads: number }) => sum + day.leads, 0)).toBe(leads);
  });

  it('weeks from Monday move thisWeek and lastWeek only', async () => {
    expect(await overview(monday, '?range=thisWeek')).toMatchObject({ start: '2026-03-09 00:00', leads: 2, appointments: 1 });
    expect(await overview(monday, '?range=lastWeek')).toMatchObject({
      start: '2026-03-02 00:00',
      end: '2026-03-08 23:59',
      leads: 3,
      appointments: 1,
    });
    expect(await overview(monday, '?range=thisMonth')).toMatchObject({ start: '2026-03-01 00:00', leads: 5 });
  });

  it('defaults to thisMonth and gives one trend row per local day, the short day included', async () => {
    const data = await overview(sunday);
    expect(data.range).toBe('thisMonth');
    expect(data.trend).toHaveLength(10);
    expect(data.trend.slice(6)).toEqual([
      { date: '2026-03-07', label: 'Mar 7', leads: 1, appointments: 0 },
      { date: '2026-03-08', label: 'Mar 8', leads: 2, appointments: 0 },
      { date: '2026-03-09', label: 'Mar 9', leads: 1, appointments: 1 },
      { date: '2026-03-10', label: 'Mar 10', leads: 1, appointments: 0 },
    ]);
    expect(data.channels.map((channel: { id: string; leads: number }) => [channel.id, channel.leads])).toEqual([
      ['facebook', 1],
      ['google', 1],
    ]);
  });

  it.each(['THISMONTH', 'month', 'last_7', '', '%ED%A0%80'])('refuses range=%s with 422', async (raw) => {
    const response = await platform.request('get', `/api/dashboard/business?range=${raw}`, await sunday.token()).expect(422);
    expect(response.body.errors).toHaveProperty('range');
  });

  it.each(['today%00', 'today&range=last7', 'x'.repeat(33)])(
    'refuses range=%s before it reaches the dashboard (400, as any route refuses NUL, repeats, overlong values)',
    async (raw) => {
      const response = await platform.request('get', `/api/dashboard/business?range=${raw}`, await sunday.token()).expect(400);
      expect(response.body.success).toBe(false);
    },
  );
});

describe('presets in Berlin, across the autumn change (2026-10-25: a 25-hour day)', () => {
  it('lastWeek holds the whole long Sunday and nothing after its local midnight', async () => {
    const company = await companyIn('Europe/Berlin', 'monday', 'Praxis Berlin');
    await leadAt(company, '2026-10-18T21:59:59Z'); // Sun 18th, 23:59:59 CEST
    await leadAt(company, '2026-10-18T22:00:00Z'); // Mon 19th, 00:00 CEST
    await leadAt(company, '2026-10-25T22:30:00Z'); // Sun 25th, 23:30 CET (the 25th's midnight + 24 h is 23:00)
    await leadAt(company, '2026-10-25T23:00:00Z'); // Mon 26th, 00:00 CET
    const viewer = await platform.actor(company, ['view-dashboard']);
    clock.set('2026-10-27T10:00:00Z');
    try {
      const lastWeek = await overview(viewer, '?range=lastWeek');
      expect(lastWeek).toMatchObject({ start: '2026-10-19 00:00', end: '2026-10-25 23:59', leads: 2 });
      expect(lastWeek.trend.map((day: { leads: number }) => day.leads)).toEqual([1, 0, 0, 0, 0, 0, 1]);
      expect(await overview(viewer, '?range=thisWeek')).toMatchObject({
        start: '2026-10-26 00:00',
        end: '2026-10-27 23:59',
        leads: 1,
      });
      expect(await overview(viewer, '?range=yesterday')).toMatchObject({ start: '2026-10-26 00:00', leads: 1 });
    } finally {
      clock.set('2026-03-10T15:00:00Z');
    }
  });
});

describe('no data is null, never a zero that lies', () => {
  it('an empty company: counts 0, every rate and cost null, spend null, channels not connected', async () => {
    const viewer = await platform.actor(await companyIn('UTC', 'sunday', 'Empty Co'), ['view-dashboard']);
    const data = await overview(viewer, '?range=last7');
    expect(data).toMatchObject({
      company_name: 'Empty Co',
      leads: 0,
      appointments: 0,
      spend: null,
      spend_currency: 'USD',
      spend_note: 'No ad account connected.',
      cost_per_lead: null,
      cost_per_booked: null,
      calls: { placed: 0, connected: 0, contact_rate: null, duration_seconds: 0, duration_label: '0s' },
      sms: { sent: 0, delivered: 0, failed: 0, delivery_rate: null },
    });
    expect(data.trend).toHaveLength(7);
    expect(data.channels).toEqual([
      { id: 'facebook', name: 'Facebook Ads', leads: 0, spend: null, connected: false, cost_per_lead: null },
      { id: 'google', name: 'Google Ads', leads: 0, spend: null, connected: false, cost_per_lead: null },
    ]);
  });

  it('calls: outbound only, of the company only, in the window only; contact rate and talk time', async () => {
    const company = await companyIn('UTC', 'sunday', 'Dialer Co');
    const other = await companyIn('UTC', 'sunday', 'Other Co');
    await callAt(company, '2026-03-10T09:00:00Z', { answered: true, seconds: 60 });
    await callAt(company, '2026-03-10T09:05:00Z', { answered: true, seconds: 125 });
    await callAt(company, '2026-03-10T09:10:00Z');
    await callAt(company, '2026-03-10T09:20:00Z', { direction: 'inbound', answered: true, seconds: 600 });
    await callAt(company, '2026-03-09T23:59:59Z', { answered: true, seconds: 30 });
    await callAt(other, '2026-03-10T09:00:00Z', { answered: true, seconds: 900 });
    const data = await overview(await platform.actor(company, ['view-dashboard']), '?range=today');
    expect(data.calls).toEqual({ placed: 3, connected: 2, contact_rate: 66.7, duration_seconds: 185, duration_label: '3m 05s' });
    expect(data.leads).toBe(0);
    expect(data.cost_per_lead).toBeNull();
  });

  it('leads without spend: cost per lead null; bookings 0: cost per booked null', async () => {
    const company = await companyIn('UTC', 'sunday', 'Leads Co');
    await leadAt(company, '2026-03-10T08:00:00Z', 'facebook');
    const data = await overview(await platform.actor(company, ['view-dashboard']), '?range=today');
    expect(data).toMatchObject({ leads: 1, appointments: 0, spend: null, cost_per_lead: null, cost_per_booked: null });
    expect(data.channels[0]).toEqual({
      id: 'facebook',
      name: 'Facebook Ads',
      leads: 1,
      spend: null,
      connected: false,
      cost_per_lead: null,
    });
  });
});

describe('spend from the connected ad accounts', () => {
  let company: string;
  let viewer: TestUser;
  let manager: TestUser;

  const connect = async (provider: string, accountId: string): Promise<number> => {
    const created = await platform
      .request('post', '/api/ad-accounts', await manager.token())
      .send({ provider, account_id: accountId })
      .expect(201);
    await eventually(
      async () =>
        (
          await platform.db.query('SELECT last_synced_at, last_sync_error FROM platform.ad_accounts WHERE id = $1', [
            created.body.data.id,
          ])
        )[0],
      (row) => row.last_synced_at !== null || row.last_sync_error !== null,
      { timeoutMs: 30_000, what: `the first sync of ${accountId}` },
    );
    return created.body.data.id as number;
  };
  const sandboxSpend = (provider: 'facebook' | 'google', accountId: string, days: string[]): number =>
    Math.round(days.reduce((sum, day) => sum + sandboxDailyAmount(provider, accountId, day) * 100, 0)) / 100;
  const MARCH = Array.from({ length: 10 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`);

  beforeAll(async () => {
    company = await companyIn('America/New_York', 'sunday', 'Spend Co');
    viewer = await platform.actor(company, ['view-dashboard']);
    manager = await platform.actor(company, ['manage-ad-accounts', 'view-dashboard']);
    for (const [at, source] of [
      ['2026-03-02T15:00:00Z', 'facebook'],
      ['2026-03-03T15:00:00Z', 'facebook'],
      ['2026-03-04T15:00:00Z', 'google'],
      ['2026-03-05T15:00:00Z', 'organic'],
    ] as const) {
      await leadAt(company, at, source);
    }
    await bookingAt(company, '2026-03-05T16:00:00Z');
  });

  it('one account: spend over the range, costs per lead and per booking; the other platform null', async () => {
    const facebook = await connect('facebook', 'act_4242');
    const data = await overview(viewer);
    const spend = sandboxSpend('facebook', 'act_4242', MARCH);
    expect(data).toMatchObject({
      leads: 4,
      appointments: 1,
      spend,
      spend_currency: 'USD',
      spend_note: 'Spend from Facebook Ads (act_4242). Google Ads not connected.',
      cost_per_lead: Math.round((spend / 4) * 100) / 100,
      cost_per_booked: spend,
    });
    expect(data.channels).toEqual([
      {
        id: 'facebook',
        name: 'Facebook Ads',
        leads: 2,
        spend,
        connected: true,
        cost_per_lead: Math.round((spend / 2) * 100) / 100,
      },
      { id: 'google', name: 'Google Ads', leads: 1, spend: null, connected: false, cost_per_lead: null },
    ]);
    // Yesterday's spend alone (the range's days, not the month's).
    expect((await overview(viewer, '?range=yesterday')).spend).toBe(sandboxSpend('facebook', 'act_4242', ['2026-03-09']));

    // Both: the sum. Then a Google account in euros: different currencies are not added.
    await connect('google', '123-456-7890');
    expect((await overview(viewer)).spend).toBe(Math.round((spend + sandboxSpend('google', '123-456-7890', MARCH)) * 100) / 100);
    const [google] = await platform.db.query(
      "SELECT id FROM platform.ad_accounts WHERE company_id = $1 AND provider = 'google'",
      [company],
    );
    await platform.request('delete', `/api/ad-accounts/${google.id}`, await manager.token()).expect(200);
    await connect('google', '987-654-3210');
    const mixed = await overview(viewer);
    expect(mixed).toMatchObject({ spend: null, cost_per_lead: null, cost_per_booked: null });
    expect(mixed.spend_note).toBe('Ad accounts report in different currencies (EUR, USD); spend is not summed.');
    expect(mixed.channels[1]).toMatchObject({
      id: 'google',
      connected: true,
      spend: sandboxSpend('google', '987-654-3210', MARCH),
    });

    // Disconnected: null again, never 0.
    await platform.request('delete', `/api/ad-accounts/${facebook}`, await manager.token()).expect(200);
    const [euro] = await platform.db.query("SELECT id FROM platform.ad_accounts WHERE company_id = $1 AND provider = 'google'", [
      company,
    ]);
    await platform.request('delete', `/api/ad-accounts/${euro.id}`, await manager.token()).expect(200);
    expect(await overview(viewer)).toMatchObject({ spend: null, spend_note: 'No ad account connected.', cost_per_lead: null });
  });

  it('an account whose first sync has not succeeded makes spend null, not a partial sum', async () => {
    const other = await companyIn('America/New_York', 'sunday', 'Unsynced Co');
    manager = await platform.actor(other, ['manage-ad-accounts', 'view-dashboard']);
    await connect('facebook', 'act_1');
    await connect('google', '111-111-9999');
    const data = await overview(manager);
    expect(data).toMatchObject({ spend: null, spend_note: 'Google Ads spend not synced yet.' });
    expect(data.channels.map((row: { spend: number | null }) => row.spend)).toEqual([
      sandboxSpend('facebook', 'act_1', MARCH),
      null,
    ]);
  });
});

describe('agencies', () => {
  it("shows a child's dashboard with company_id, in the child's time zone", async () => {
    const { agency, child } = await platform.agencyWithChild();
    await platform.db.query("UPDATE platform.companies SET timezone = 'Asia/Tokyo' WHERE id = $1", [child]);
    await leadAt(child, '2026-03-10T14:59:59Z'); // Tokyo: 23:59:59 on the 10th
    await leadAt(child, '2026-03-10T15:00:00Z'); // Tokyo: the 11th (today there)
    const viewer = await platform.actor(agency, ['view-dashboard']);
    const data = await overview(viewer, `?range=today&company_id=${child}`);
    expect(data).toMatchObject({ timezone: 'Asia/Tokyo', start: '2026-03-11 00:00', leads: 1 });
  });
});
