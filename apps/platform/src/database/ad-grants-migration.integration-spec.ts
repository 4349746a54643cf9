import { PlatformTestApp } from '../testing';
import { HELD_ELSEWHERE } from '../reporting';
import { AdGrants1795811077090 } from './migrations/1795811077090-ad-grants';

/**
 * The hand-written steps of the AdGrants migration (decision 0043), on accounts connected before
 * it: each gets its company's time zone (their days were synced in it), and where several
 * companies held one provider account the first to connect keeps it, the others are disconnected
 * (nothing deleted), before the one-company index is built.
 */
let platform: PlatformTestApp;
beforeAll(async () => {
  platform = await PlatformTestApp.start('ad_grants_migration');
});
afterAll(() => platform?.stop());

it('keeps the first company holding an account, disconnects the later ones, and gives old accounts their company’s zone', async () => {
  const first = await platform.company('First holder');
  const second = await platform.company('Second holder');
  await platform.db.query("UPDATE platform.companies SET timezone = 'Asia/Tokyo' WHERE id = $1", [second]);
  const migration = new AdGrants1795811077090();
  const runner = platform.db.createQueryRunner();
  try {
    await migration.down(runner);
    await runner.query(
      `INSERT INTO platform.ad_accounts (company_id, provider, account_id, name, currency, connected_at)
       VALUES ($1, 'facebook', 'act_700', 'Shared', 'USD', now() - interval '2 days'),
              ($2, 'facebook', 'act_700', 'Shared', 'USD', now() - interval '1 day'),
              ($2, 'google', '700-000-0001', 'Own', 'USD', now())`,
      [first, second],
    );
    await migration.up(runner);
  } finally {
    await runner.release();
  }
  const rows = await platform.db.query(
    `SELECT company_id::text, provider, status, disconnected_reason, time_zone FROM platform.ad_accounts
      WHERE company_id = ANY($1) ORDER BY company_id, provider`,
    [[first, second]],
  );
  expect(rows).toEqual([
    { company_id: first, provider: 'facebook', status: 'connected', disconnected_reason: null, time_zone: 'America/New_York' },
    {
      company_id: second,
      provider: 'facebook',
      status: 'disconnected',
      disconnected_reason: HELD_ELSEWHERE,
      time_zone: 'Asia/Tokyo',
    },
    { company_id: second, provider: 'google', status: 'connected', disconnected_reason: null, time_zone: 'Asia/Tokyo' },
  ]);
  await expect(
    platform.db.query("UPDATE platform.ad_accounts SET status = 'connected' WHERE company_id = $1 AND provider = 'facebook'", [
      second,
    ]),
  ).rejects.toThrow(/ad_accounts_provider_account_connected_uq/);
});
