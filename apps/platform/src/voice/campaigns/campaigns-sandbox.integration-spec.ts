import { CompanyScopedRepository } from '@suite/database';
import { eventually } from '@suite/testing';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import { PlatformTestApp } from '../../testing';
import { CampaignsService } from './campaigns.service';

/**
 * Campaigns against the built-in sandbox provider (its scripted calls are durable jobs posting
 * signed callbacks, recorded as calls by the calls feature, whose `call.ended` moves the campaign
 * on): a campaign completes with one call record per contact, the outcome of each as the sandbox
 * scripts it by the number's last digit — also across a restart of the app mid-campaign.
 */
let platform: PlatformTestApp;
let companyId: string;
const STEP_MS = process.env.PLATFORM_SANDBOX_CALL_STEP_MS;

beforeAll(async () => {
  process.env.PLATFORM_SANDBOX_CALL_STEP_MS = '150';
  platform = await PlatformTestApp.start('campaigns_sandbox');
  companyId = await platform.company('Dialer');
});
afterAll(async () => {
  if (STEP_MS === undefined) delete process.env.PLATFORM_SANDBOX_CALL_STEP_MS;
  else process.env.PLATFORM_SANDBOX_CALL_STEP_MS = STEP_MS;
  await platform?.stop();
});

let seq = 0;
const phone = (digit: number) => `+1212555${String(++seq).padStart(3, '0')}${digit}`;

async function campaignOver(digits: number[], maxConcurrentCalls: number): Promise<{ id: string; phones: string[] }> {
  const phones = digits.map(phone);
  const contactIds: string[] = [];
  for (const number of phones) contactIds.push((await platform.contact(companyId, { phone: number })).id);
  const listId = await platform.list(companyId, contactIds);
  const numbers = CompanyScopedRepository.of(platform.db, PhoneNumberEntity, companyId);
  const caller = await numbers.save(
    numbers.create({
      phoneNumber: `+1646555${String(2000 + seq).slice(-4)}`,
      providerNumberId: `pn_${seq}`,
      provider: 'sandbox',
      friendlyName: 'caller',
      areaCode: '646',
      country: 'US',
      numberType: 'local',
      capabilities: ['Voice'],
      releasedAt: null,
    }),
  );
  const { campaign } = await platform.app.get(CampaignsService).create(companyId, {
    name: 'Sandbox run',
    listId,
    agentId: null,
    callerNumber: caller.phoneNumber,
    callsPerMinute: 60,
    maxConcurrentCalls,
    windowStart: '00:00',
    windowEnd: '24:00',
  });
  return { id: campaign.id, phones };
}

const campaignRow = async (id: string) => (await platform.db.query('SELECT * FROM platform.campaigns WHERE id = $1', [id]))[0];
const callsPerContact = async (id: string): Promise<Array<{ called_number: string; calls: number; status: string }>> =>
  platform.db.query(
    `SELECT called_number, count(*)::int AS calls, max(status) AS status FROM platform.calls
      WHERE campaign_id = $1 GROUP BY called_number ORDER BY called_number`,
    [id],
  );

describe('campaigns on the sandbox provider', () => {
  it('calls each contact once; each contact is done with the status the sandbox scripted', async () => {
    const { id, phones } = await campaignOver([0, 4, 6, 7, 8, 9], 3);
    await platform.app.get(CampaignsService).start(companyId, id, null);
    await eventually(
      () => campaignRow(id),
      (row) => row.status === 'completed',
      { timeoutMs: 90_000, intervalMs: 250, what: 'the sandbox campaign to complete' },
    );
    const calls = await callsPerContact(id);
    expect(calls.map((call) => call.called_number)).toEqual([...phones].sort());
    expect(calls.every((call) => call.calls === 1)).toBe(true);
    const outcomes: Array<{ phone: string; outcome: string }> = await platform.db.query(
      'SELECT phone, outcome FROM platform.campaign_contacts WHERE campaign_id = $1',
      [id],
    );
    const outcomeOf = Object.fromEntries(outcomes.map((row) => [row.phone, row.outcome]));
    // Each contact's outcome is its call's final status as the calls feature recorded it.
    for (const call of calls) expect(outcomeOf[call.called_number]).toBe(call.status);
    expect([0, 1, 2, 3, 4, 5].map((index) => outcomeOf[phones[index]!])).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'no_answer',
      'failed',
    ]);
  });

  it('survives a restart of the app mid-campaign: it completes and no contact got two calls', async () => {
    const { id, phones } = await campaignOver([0, 1, 2, 3, 4, 5], 1);
    await platform.app.get(CampaignsService).start(companyId, id, null);
    await eventually(
      () => campaignRow(id),
      (row) => Number(row.done_contacts) >= 2,
      { timeoutMs: 60_000, intervalMs: 100, what: 'two calls to end before the restart' },
    );
    expect((await campaignRow(id)).status).toBe('running');
    await platform.restart();
    await eventually(
      () => campaignRow(id),
      (row) => row.status === 'completed',
      { timeoutMs: 90_000, intervalMs: 250, what: 'the campaign to complete after the restart' },
    );
    const calls = await callsPerContact(id);
    expect(calls.map((call) => call.called_number)).toEqual([...phones].sort());
    expect(calls.every((call) => call.calls === 1)).toBe(true);
  });
});
