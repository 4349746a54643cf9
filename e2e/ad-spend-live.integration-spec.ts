import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BootstrapOutput } from '@suite/contracts';
import { answerConsent, DEMO_PERSON, demoMetaAccounts, eventually } from '@suite/testing';
import { CompiledProcess } from './support/compiled-process';
import { EmbeddedSuite } from './support/embedded-suite';

/**
 * The "done when" for ad spend: `npm run -s fakes:ads` (the documented script that starts
 * local stand-ins of Meta and Google Ads) and `npm start` with the variables it prints
 * (PLATFORM_AD_PLATFORM=live): the bootstrap company connects a Meta account through the consent
 * flow — the connect route, the stand-in's consent page, the platform's callback — chooses an
 * account, and sees its spend on the dashboard. Both are the compiled programs a user runs.
 */
describe('npm start with the live ad platform against the stand-ins of npm run fakes:ads', () => {
  let suite: EmbeddedSuite;
  let fakes: CompiledProcess;
  let platform: string;
  let token: string;
  const startedAt = Date.now();

  beforeAll(async () => {
    suite = await EmbeddedSuite.create('suite-ads-live-');
    platform = `http://127.0.0.1:${suite.ports.PLATFORM_PORT}`;
    fakes = CompiledProcess.start('dist/tools/fakes/ad-platform-fakes.js', {
      ...process.env,
      PLATFORM_PUBLIC_URL: platform,
      FAKE_META_PORT: '0',
      FAKE_GOOGLE_PORT: '0',
    });
    // The script prints `export NAME=value` lines: what a user sources before `npm start`.
    const variables = await eventually(
      async () =>
        Object.fromEntries([...fakes.stdout.matchAll(/^export ([A-Z_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!])),
      (found) => found.GOOGLE_TOKEN_URL !== undefined || !fakes.running,
      { timeoutMs: 60_000, what: 'the variables npm run fakes:ads prints' },
    );
    if (!fakes.running) throw new Error(`npm run fakes:ads exited:\n${fakes.stderr}`);
    expect(variables).toMatchObject({ PLATFORM_AD_PLATFORM: 'live', PLATFORM_PUBLIC_URL: platform });
    const launcher = suite.launch({ env: variables });
    await suite.ready(launcher, 120_000);
    // The first start bootstraps an admin once the apps listen: its credentials land in .data/bootstrap.json.
    const bootstrap = await eventually(
      () => readFile(path.join(suite.dataDir, 'bootstrap.json'), 'utf8').then((text) => JSON.parse(text) as BootstrapOutput),
      (found) => typeof found.personal_access_token === 'string',
      { timeoutMs: 60_000, what: 'the first start’s bootstrap.json' },
    );
    token = bootstrap.personal_access_token;
  });

  afterAll(async () => {
    await fakes?.stop('SIGTERM');
    await suite?.cleanUp();
  });

  const api = (route: string, init: RequestInit = {}) =>
    fetch(`${platform}${route}`, {
      ...init,
      redirect: 'manual',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });

  it('connects a Meta account through the consent flow, and the dashboard shows its spend', async () => {
    // npm start sealed nothing with a built-in key: it wrote one for this installation.
    expect((await stat(path.join(suite.dataDir, 'platform-secrets-key'))).mode & 0o777).toBe(0o600);

    const start = await api('/api/ad-accounts/connect/facebook');
    expect(start.status).toBe(302);
    const back = await answerConsent(start.headers.get('location')!, DEMO_PERSON);
    expect(back.startsWith(`${platform}/api/ad-accounts/callback/facebook?`)).toBe(true);
    const callback = await fetch(back);
    expect(callback.status).toBe(200);
    const consented = (await callback.json()) as { data: { accounts: Array<{ account_id: string; time_zone: string }> } };
    expect(consented.data.accounts.map((account) => account.account_id)).toEqual(['act_101000000001', 'act_101000000002']);

    const connected = await api('/api/ad-accounts', {
      method: 'POST',
      body: JSON.stringify({ provider: 'facebook', account_id: 'act_101000000001' }),
    });
    expect(connected.status).toBe(201);
    expect(((await connected.json()) as { data: unknown }).data).toMatchObject({
      name: 'Demo Dental (Meta)',
      time_zone: 'America/Los_Angeles',
      status: 'connected',
    });
    await eventually(
      async () => ((await (await api('/api/ad-accounts')).json()) as { data: Array<{ last_synced_at: string | null }> }).data[0],
      (account) => account?.last_synced_at != null,
      { timeoutMs: 60_000, what: 'the first spend sync' },
    );

    const overview = ((await (await api('/api/dashboard/business?range=last30')).json()) as { data: Record<string, never> }).data;
    const [from, to] = [String(overview.start).slice(0, 10), String(overview.end).slice(0, 10)];
    // The stand-in's days are the account's (Los Angeles); the dashboard adds those of the range's dates.
    const spend = demoMetaAccounts(startedAt)[0]!.spend;
    const cents = Object.entries(spend)
      .filter(([day]) => day >= from && day <= to)
      .reduce((sum, [, amount]) => sum + Math.round(Number(amount) * 100), 0);
    expect(overview.spend).toBe(cents / 100);
    expect(cents).toBeGreaterThan(0);
    expect(overview.spend_note).toContain('Spend from Facebook Ads (act_101000000001).');
    expect(overview.channels).toContainEqual(expect.objectContaining({ id: 'facebook', connected: true, spend: cents / 100 }));
  });
});
