import { eventually } from '@suite/testing';
import { localDateAt } from '../../shared/local-day';
import { PlatformTestApp, type TestUser } from '../../testing';
import { AD_PLATFORM, AdPlatformUnavailableError, type AdAccountDetails, type DailySpend } from './ad-platform.port';
import type { AdProvider } from './ad-provider';
import { SandboxAdPlatform } from './sandbox/sandbox-ad-platform';
import { AdSpendReader } from './ad-spend.reader';
import { AdSpendSync } from './sync/ad-spend-sync';

/**
 * The ad platform replaced by a test's own adapter (AD_PLATFORM overridden through PlatformTestApp's `overrides`): a provider
 * down at connect answers 503, and an account whose syncs failed recovers on the next one that
 * succeeds (its error cleared, its spend known).
 */
class ScriptedAdPlatform extends SandboxAdPlatform {
  lookupDown = false;
  spendDown = true;
  readonly asked: Array<{ from: string; to: string }> = [];

  constructor() {
    super({ now: () => new Date() }, 'http://127.0.0.1');
  }

  override async lookupAccount(provider: AdProvider, accountId: string): Promise<AdAccountDetails | null> {
    if (this.lookupDown) throw new AdPlatformUnavailableError('lookup down');
    return { name: `Scripted ${provider} ${accountId}`, currency: 'GBP', timeZone: 'Europe/London' };
  }

  override async dailySpend(_provider: AdProvider, _accountId: string, from: string, to: string): Promise<DailySpend[]> {
    this.asked.push({ from, to });
    if (this.spendDown) throw new AdPlatformUnavailableError('reporting down');
    return [
      { day: from, amount: 10.1, currency: 'GBP' },
      { day: to, amount: 0.2, currency: 'GBP' },
    ];
  }
}

const scripted = new ScriptedAdPlatform();
let platform: PlatformTestApp;
let company: string;
let admin: TestUser;

beforeAll(async () => {
  platform = await PlatformTestApp.start('ad_platform_replaced', { overrides: [{ provide: AD_PLATFORM, useValue: scripted }] });
  company = await platform.company('Scripted');
  admin = await platform.user(company, { permissions: ['manage-ad-accounts', 'view-dashboard'] });
  await platform.replicated();
});
afterAll(() => platform?.stop());

it('answers 503 when the provider cannot be reached at connect, and connects nothing', async () => {
  scripted.lookupDown = true;
  const response = await platform
    .request('post', '/api/ad-accounts', await admin.token())
    .send({ provider: 'google', account_id: '123-456-7890' })
    .expect(503);
  expect(response.body).toEqual({
    success: false,
    message: 'The ad platform cannot be reached; try again later.',
    errors: expect.any(Object),
  });
  scripted.lookupDown = false;
  expect((await platform.request('get', '/api/ad-accounts', await admin.token()).expect(200)).body.data).toEqual([]);
});

it('shows the sync error while the provider is down, and clears it on the first sync that succeeds', async () => {
  const token = await admin.token();
  const londonBefore = localDateAt(Date.now(), 'Europe/London');
  const created = await platform
    .request('post', '/api/ad-accounts', token)
    .send({ provider: 'facebook', account_id: 'act_77' })
    .expect(201);
  expect(created.body.data).toMatchObject({ name: 'Scripted facebook act_77', currency: 'GBP' });
  const id = String(created.body.data.id);
  const listed = await eventually(
    () => platform.request('get', '/api/ad-accounts', token).then((r) => r.body.data[0]),
    (account) => account?.last_sync_error != null,
    { timeoutMs: 30_000, what: 'the sync error' },
  );
  expect(listed).toMatchObject({ last_synced_at: null, last_sync_error: 'reporting down', time_zone: 'Europe/London' });
  // The account's days are asked for: 90 of them, up to its today in London.
  expect([londonBefore, localDateAt(Date.now(), 'Europe/London')]).toContain(scripted.asked[0]!.to);

  scripted.spendDown = false;
  const sync = platform.app.get(AdSpendSync);
  const job = { adAccountId: id, companyId: company, initial: true };
  const fetched = await sync.fetch(job);
  await platform.db.transaction((manager) => sync.record(manager, job, fetched));

  const after = (await platform.request('get', '/api/ad-accounts', token).expect(200)).body.data[0];
  expect(after).toMatchObject({ last_synced_at: expect.any(String), last_sync_error: null });
  const [spend] = await platform.app.get(AdSpendReader).spendIn(company, '2000-01-01', '2100-12-31');
  expect(spend).toMatchObject({ currency: 'GBP', amount: 10.3 });
});
