import { JobsRuntime } from '@suite/jobs';
import { eventually } from '@suite/testing';
import { CompaniesService } from '../../directory';
import { localDateAt } from '../../shared/local-day';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';
import { AdAccountsService } from './ad-accounts.service';
import type { AdProvider } from './ad-provider';
import { AdSpendReader } from './ad-spend.reader';
import { sandboxDailyAmount } from './sandbox/sandbox-ad-platform';
import { AdSpendSync } from './sync/ad-spend-sync';
import { AD_SPEND_SYNC_QUEUE, adSpendSyncKey, type AdSpendSyncJob } from './sync/ad-spend-sync.queue';
import { localDateMinus } from './sync/sync-window';

/**
 * Ad accounts on real PostgreSQL, Kafka and jobs, with the sandbox ad platform (…0000 unknown,
 * …9999 never syncs, google 9… in EUR, a day's spend from a hash): the routes' tenancy rules and
 * refusals, the first sync writing 90 local days, re-syncs correcting days in place, the reader's
 * sums and nulls, and a disconnect deleting the spend and ending the account's sync chain.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('ad_accounts');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const LIST = '/api/ad-accounts';
let counter = 0;
/** A fresh facebook id the sandbox knows (never ending in 0000 or 9999). */
const facebookId = () => `act_${Date.now() % 1_000_000}${String(++counter).padStart(4, '0')}1`;

/** Removes the company's accounts (a fresh start for a case that connects). */
const clear = (companyId: string) => platform.db.query('DELETE FROM platform.ad_accounts WHERE company_id = $1', [companyId]);

interface DayRow {
  day: string;
  amount: string;
  currency: string;
}

const daysOf = (adAccountId: string): Promise<DayRow[]> =>
  platform.db.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, amount::text, currency FROM platform.ad_spend_days WHERE ad_account_id = $1 ORDER BY day`,
    [adAccountId],
  );

const accountRow = async (id: string) =>
  (
    await platform.db.query<Array<{ last_synced_at: Date | null; last_sync_error: string | null }>>(
      'SELECT last_synced_at, last_sync_error FROM platform.ad_accounts WHERE id = $1',
      [id],
    )
  )[0];

const jobsOf = (adAccountId: string): Promise<Array<{ status: string; run_at: Date; initial: boolean }>> =>
  platform.db.query(
    `SELECT status, run_at, (payload->>'initial')::boolean AS initial FROM platform.jobs WHERE queue = $1 AND concurrency_key = $2 ORDER BY run_at`,
    [AD_SPEND_SYNC_QUEUE, adSpendSyncKey(adAccountId)],
  );

const synced = (id: string) =>
  eventually(
    () => accountRow(id),
    (row) => row?.last_synced_at != null,
    { timeoutMs: 30_000, what: `account ${id} synced` },
  );

const cents = (amount: number) => Math.round(amount * 100);
const today = (timeZone = 'America/New_York') => localDateAt(Date.now(), timeZone);

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: LIST,
    permission: 'view-dashboard',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: expect.any(Array) },
  },
  {
    method: 'post',
    path: LIST,
    permission: 'manage-ad-accounts',
    target: async (key) => {
      await clear(fixture.company[key]);
      return { body: { provider: 'facebook', account_id: facebookId() } };
    },
    status: 201,
    expected: {
      success: true,
      message: 'Ad account connected successfully.',
      data: { provider: 'facebook', currency: 'USD', last_synced_at: null, last_sync_error: null },
    },
  },
  {
    method: 'delete',
    path: `${LIST}/{id}`,
    permission: 'manage-ad-accounts',
    target: async (key) => {
      await clear(fixture.company[key]);
      return { id: await connectDirect(fixture.company[key]) };
    },
    status: 200,
    expected: { success: true, message: 'Ad account disconnected successfully.' },
  },
];

/** Connects a facebook account through the service (any company, no token needed). */
async function connectDirect(companyId: string, provider: AdProvider = 'facebook', accountId = facebookId()): Promise<string> {
  return (await platform.app.get(AdAccountsService).connect(companyId, provider, accountId)).id;
}

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('connecting', () => {
  let token: string;
  beforeAll(async () => {
    token = await fixture.admin.A.token();
  });
  beforeEach(() => clear(fixture.company.A));

  it('answers the account as the provider names it, and lists accounts facebook first', async () => {
    const google = await platform
      .request('post', LIST, token)
      .send({ provider: 'google', account_id: '123-456-7891' })
      .expect(201);
    expect(google.body).toEqual({
      success: true,
      message: 'Ad account connected successfully.',
      data: {
        id: expect.any(Number),
        provider: 'google',
        account_id: '123-456-7891',
        name: 'Sandbox Google Ads 123-456-7891',
        currency: 'USD',
        time_zone: 'America/New_York',
        status: 'connected',
        disconnected_reason: null,
        connected_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        last_synced_at: null,
        last_sync_error: null,
      },
    });
    const facebookAccount = facebookId();
    await platform.request('post', LIST, token).send({ provider: 'facebook', account_id: facebookAccount }).expect(201);
    const list = await platform.request('get', LIST, token).expect(200);
    expect(list.body.data.map((a: { provider: string; account_id: string }) => [a.provider, a.account_id])).toEqual([
      ['facebook', facebookAccount],
      ['google', '123-456-7891'],
    ]);
  });

  it('reports a google account whose id starts with 9 in EUR, its days in Berlin', async () => {
    const response = await platform
      .request('post', LIST, token)
      .send({ provider: 'google', account_id: '912-345-6789' })
      .expect(201);
    expect(response.body.data).toMatchObject({
      currency: 'EUR',
      name: 'Sandbox Google Ads 912-345-6789',
      time_zone: 'Europe/Berlin',
    });
    const id = String(response.body.data.id);
    await synced(id);
    const days = await daysOf(id);
    expect(days).toHaveLength(90);
    expect(new Set(days.map((d) => d.currency))).toEqual(new Set(['EUR']));
  });

  it('refuses a second account of the same provider with 409, also when two arrive at once', async () => {
    await platform.request('post', LIST, token).send({ provider: 'facebook', account_id: facebookId() }).expect(201);
    const again = await platform
      .request('post', LIST, token)
      .send({ provider: 'facebook', account_id: facebookId() })
      .expect(409);
    expect(again.body).toEqual({
      success: false,
      message: 'A facebook ad account is already connected.',
      errors: { provider: ['A facebook ad account is already connected.'] },
    });
    await clear(fixture.company.A);
    const both = await Promise.all(
      [0, 1].map(() => platform.request('post', LIST, token).send({ provider: 'google', account_id: '123-456-7892' })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await platform.request('get', LIST, token).expect(200)).body.data).toHaveLength(1);
  });

  it('refuses an account the provider does not know with 422', async () => {
    for (const [provider, accountId] of [
      ['facebook', 'act_10000'],
      ['google', '123-456-0000'],
    ]) {
      const response = await platform.request('post', LIST, token).send({ provider, account_id: accountId }).expect(422);
      expect(response.body).toEqual({
        success: false,
        message: 'Ad account not found at the provider.',
        errors: { account_id: ['Ad account not found at the provider.'] },
      });
    }
    expect((await platform.request('get', LIST, token).expect(200)).body.data).toEqual([]);
  });

  it.each([
    [{ provider: 'twitter', account_id: 'act_1' }, 'provider'],
    [{ provider: 'Facebook', account_id: 'act_1' }, 'provider'],
    [{ provider: 'facebook', account_id: 'act_' }, 'account_id'],
    [{ provider: 'facebook', account_id: `act_${'1'.repeat(21)}` }, 'account_id'],
    [{ provider: 'facebook', account_id: '123-456-7890' }, 'account_id'],
    [{ provider: 'google', account_id: '1234567890' }, 'account_id'],
    [{ provider: 'google', account_id: 'act_1' }, 'account_id'],
  ])('answers 422 by field for %j', async (body, field) => {
    const response = await platform.request('post', LIST, token).send(body).expect(422);
    expect(response.body).toEqual({ success: false, message: expect.any(String), errors: { [field]: [expect.any(String)] } });
  });

  // The app refuses NUL and lone surrogates in any string before validation (untrusted-input), 400 by field.
  it.each([
    [{ provider: 'facebook\u0000', account_id: 'act_1' }, 'provider'],
    [{ provider: '\ud800', account_id: 'act_1' }, 'provider'],
    [{ provider: 'facebook', account_id: 'act_12\u0000' }, 'account_id'],
    [{ provider: 'facebook', account_id: 'act_12\ud800' }, 'account_id'],
    [{ provider: 'facebook', account_id: 'act_12\udfff\ud800' }, 'account_id'],
    [{ provider: 'google', account_id: '123-456-789\u0000' }, 'account_id'],
  ])('answers 400 by field for NUL or a lone surrogate: %j', async (body, field) => {
    const response = await platform.request('post', LIST, token).send(body).expect(400);
    expect(response.body).toEqual({ success: false, message: expect.any(String), errors: { [field]: expect.any(Array) } });
    expect((await platform.request('get', LIST, token).expect(200)).body.data).toEqual([]);
  });

  it.each([
    [{ provider: 5, account_id: 'act_1' }, 'provider'],
    [{ provider: 'facebook', account_id: 1e308 }, 'account_id'],
    [{ provider: 'facebook' }, 'account_id'],
    [{ account_id: 'act_1' }, 'provider'],
    [{ provider: 'facebook', account_id: 'x'.repeat(65) }, 'account_id'],
    [{ provider: 'f'.repeat(17), account_id: 'act_1' }, 'provider'],
  ])('answers 400 by field for a wrong type or length: %j', async (body, field) => {
    const response = await platform.request('post', LIST, token).send(body).expect(400);
    expect(response.body.errors).toHaveProperty(field);
  });
});

describe('syncing daily spend', () => {
  const reader = () => platform.app.get(AdSpendReader);
  const sync = () => platform.app.get(AdSpendSync);
  let company: string;

  beforeAll(async () => {
    company = await platform.company('Spender');
    await platform.app.get(CompaniesService).updateSettings(company, { timezone: 'Asia/Tokyo' });
  });

  it("writes the account's last 90 days at connect, with the sandbox amounts, and the reader sums them exactly", async () => {
    const accountId = facebookId();
    const id = await connectDirect(company, 'facebook', accountId);
    expect(await reader().spendIn(company, '2000-01-01', '2100-12-31')).toEqual([
      expect.objectContaining({ provider: 'facebook', adAccountId: id, accountId, amount: null }),
    ]);
    await synced(id);
    const days = await daysOf(id);
    // The account's days (New York's, for the sandbox), not the company's (Tokyo's): stored as the provider reports them.
    const todayThere = today('America/New_York');
    expect(days).toHaveLength(90);
    // The last day is the account's today (or, across a midnight during the test, yesterday).
    expect([todayThere, localDateMinus(todayThere, 1)]).toContain(days[89]!.day);
    for (const row of days) {
      expect(row).toEqual({
        day: row.day,
        amount: sandboxDailyAmount('facebook', accountId, row.day).toFixed(2),
        currency: 'USD',
      });
    }
    const from = days[10]!.day;
    const to = days[39]!.day;
    const expected = days
      .filter((row) => row.day >= from && row.day <= to)
      .reduce((sum, row) => sum + cents(sandboxDailyAmount('facebook', accountId, row.day)), 0);
    const [spend] = await reader().spendIn(company, from, to);
    expect(spend).toEqual({
      provider: 'facebook',
      adAccountId: id,
      accountId,
      name: `Sandbox Facebook Ads ${accountId}`,
      currency: 'USD',
      timeZone: 'America/New_York',
      connected: true,
      disconnectedReason: null,
      amount: expected / 100,
    });
    // Synced, but no day in the range: known to be 0.
    expect((await reader().spendIn(company, '2001-01-01', '2001-01-31'))[0]!.amount).toBe(0);
    // The next regular sync is scheduled, about an interval away.
    const jobs = await jobsOf(id);
    expect(jobs).toEqual([{ status: 'queued', run_at: expect.any(Date), initial: false }]);
    expect(jobs[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('re-syncing writes each day over what was there: one row per day, a corrected amount restored', async () => {
    const other = await platform.company('Resync');
    const accountId = '123-555-7890';
    const id = await connectDirect(other, 'google', accountId);
    await synced(id);
    const before = await daysOf(id);
    const last = before[89]!.day;
    await platform.db.query(`UPDATE platform.ad_spend_days SET amount = 0.01 WHERE ad_account_id = $1 AND day = $2`, [id, last]);
    expect((await daysOf(id)).find((row) => row.day === last)!.amount).toBe('0.01');

    const job: AdSpendSyncJob = { adAccountId: id, companyId: other, initial: false };
    for (let run = 0; run < 2; run++) {
      const fetched = await sync().fetch(job);
      expect(fetched?.kind === 'spend' && fetched.days.length).toBe(3);
      await platform.db.transaction((manager) => sync().record(manager, job, fetched));
    }
    // An initial sync run again changes nothing either.
    const initial = { ...job, initial: true };
    const fetchedAll = await sync().fetch(initial);
    await platform.db.transaction((manager) => sync().record(manager, initial, fetchedAll));

    const after = await daysOf(id);
    expect(after).toHaveLength(90);
    expect(after.find((row) => row.day === last)!.amount).toBe(sandboxDailyAmount('google', accountId, last).toFixed(2));
    expect(after).toEqual(before);
  });

  it('a re-sync enqueued as a job corrects a day too', async () => {
    const other = await platform.company('Requeue');
    const accountId = facebookId();
    const id = await connectDirect(other, 'facebook', accountId);
    await synced(id);
    const last = (await daysOf(id))[89]!.day;
    await platform.db.query(`UPDATE platform.ad_spend_days SET amount = 999.99 WHERE ad_account_id = $1 AND day = $2`, [
      id,
      last,
    ]);
    await platform.db.transaction((manager) =>
      platform.app.get(JobsRuntime).enqueue(manager, {
        queue: AD_SPEND_SYNC_QUEUE,
        payload: { adAccountId: id, companyId: other, initial: false } satisfies AdSpendSyncJob,
        concurrencyKey: adSpendSyncKey(id),
      }),
    );
    const expected = sandboxDailyAmount('facebook', accountId, last).toFixed(2);
    const days = await eventually(
      () => daysOf(id),
      (rows) => rows.find((row) => row.day === last)?.amount === expected,
      { timeoutMs: 30_000, what: 'the corrected day' },
    );
    expect(days).toHaveLength(90);
  });

  it('keeps the spend of an account whose provider never answers null, with the error shown', async () => {
    const other = await platform.company('Flaky');
    const id = await connectDirect(other, 'facebook', 'act_59999');
    const row = await eventually(
      () => accountRow(id),
      (account) => account?.last_sync_error != null,
      { timeoutMs: 30_000, what: 'the sync error' },
    );
    expect(row).toEqual({ last_synced_at: null, last_sync_error: 'The sandbox facebook reporting API is unavailable.' });
    expect(await daysOf(id)).toEqual([]);
    expect(await reader().spendIn(other, '2000-01-01', '2100-12-31')).toEqual([
      {
        provider: 'facebook',
        adAccountId: id,
        accountId: 'act_59999',
        name: 'Sandbox Facebook Ads act_59999',
        currency: 'USD',
        timeZone: 'America/New_York',
        connected: true,
        disconnectedReason: null,
        amount: null,
      },
    ]);
    // Retried later, as an initial sync still.
    expect(await jobsOf(id)).toEqual([{ status: 'queued', run_at: expect.any(Date), initial: true }]);
    const viewer = await platform.user(other, { permissions: ['view-dashboard'] });
    await platform.replicated();
    const listed = await platform.request('get', LIST, await viewer.token()).expect(200);
    expect(listed.body.data[0]).toMatchObject({ last_synced_at: null, last_sync_error: expect.stringContaining('unavailable') });
  });

  it('out of tries: records the error and schedules the next sync, still initial until one succeeded', async () => {
    const other = await platform.company('GaveUp');
    const id = await connectDirect(other, 'facebook', 'act_69999');
    await platform.db.query('DELETE FROM platform.jobs WHERE concurrency_key = $1', [adSpendSyncKey(id)]);
    const job: AdSpendSyncJob = { adAccountId: id, companyId: other, initial: true };
    await platform.db.transaction((manager) => sync().gaveUp(manager, job, 'boom'));
    expect(await accountRow(id)).toEqual({ last_synced_at: null, last_sync_error: 'boom' });
    const jobs = await jobsOf(id);
    expect(jobs).toEqual([{ status: 'queued', run_at: expect.any(Date), initial: true }]);
    expect(jobs[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('disconnecting deletes the spend and ends the chain; the reader no longer lists the account', async () => {
    const other = await platform.company('Leaver');
    const admin = await platform.user(other, { permissions: ['manage-ad-accounts', 'view-dashboard'] });
    await platform.replicated();
    const token = await admin.token();
    const accountId = facebookId();
    const response = await platform
      .request('post', LIST, token)
      .send({ provider: 'facebook', account_id: accountId })
      .expect(201);
    const id = String(response.body.data.id);
    await synced(id);
    const job: AdSpendSyncJob = { adAccountId: id, companyId: other, initial: false };
    const fetchedBefore = await sync().fetch(job);
    expect(await jobsOf(id)).toHaveLength(1);

    await platform
      .request('delete', `${LIST}/${id}`, token)
      .expect(200, { success: true, message: 'Ad account disconnected successfully.' });
    expect(await daysOf(id)).toEqual([]);
    expect(await reader().spendIn(other, '2000-01-01', '2100-12-31')).toEqual([]);
    expect((await platform.request('get', LIST, token).expect(200)).body.data).toEqual([]);
    await platform.request('delete', `${LIST}/${id}`, token).expect(404);

    // A sync in flight when the account went writes nothing and schedules nothing.
    await platform.db.query('DELETE FROM platform.jobs WHERE concurrency_key = $1', [adSpendSyncKey(id)]);
    expect(await sync().fetch(job)).toBeNull();
    await platform.db.transaction((manager) => sync().record(manager, job, fetchedBefore));
    expect(await daysOf(id)).toEqual([]);
    expect(await jobsOf(id)).toEqual([]);

    // The scheduled sync of a gone account runs, and the chain ends there.
    await platform.db.transaction((manager) =>
      platform.app
        .get(JobsRuntime)
        .enqueue(manager, { queue: AD_SPEND_SYNC_QUEUE, payload: job, concurrencyKey: adSpendSyncKey(id) }),
    );
    await eventually(
      () => jobsOf(id),
      (jobs) => jobs.length === 0,
      { timeoutMs: 30_000, what: 'the last job settled' },
    );
    expect(await daysOf(id)).toEqual([]);
  });
});
