import { CompanyScopedRepository } from '@suite/database';
import { DateTime } from 'luxon';
import { Topics } from '@suite/contracts';
import { eventually } from '@suite/testing';
import { AgentEntity } from '../agents/agent.entity';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import {
  createTenancyFixture,
  endpointRules,
  PlatformTestApp,
  RecordingVoiceProvider,
  type EndpointCase,
  type TenancyFixture,
} from '../../testing';
import { VOICE_PROVIDER } from '../provider/voice-provider.port';
import { CampaignEntity } from './campaign.entity';
import { CampaignsService, type CampaignInput } from './campaigns.service';
import { CALL_LOST_AFTER_MS } from './dialer/campaign-dialer';
import { CampaignTicks } from './dialer/campaign-ticks';

/**
 * Dialer campaigns on real PostgreSQL and Kafka, with a recording voice provider whose calls end
 * through `call.ended` on the outbox: the routes' tenancy rules and validation, start/stop and
 * their events, a campaign calling every contact of its list exactly once and completing,
 * contacts waiting for their calling window, and a restart of the app mid-campaign.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;
const provider = new RecordingVoiceProvider();

beforeAll(async () => {
  platform = await PlatformTestApp.start('campaigns', { overrides: [{ provide: VOICE_PROVIDER, useValue: provider }] });
  provider.platform = platform;
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const b64 = (id: string) => Buffer.from(id).toString('base64');
const unb64 = (id: string) => Buffer.from(id, 'base64').toString();

let numberSeq = 0;
/** A live number of the company (as a purchase leaves it); its row. */
async function ownNumber(companyId: string, released = false): Promise<PhoneNumberEntity> {
  const numbers = CompanyScopedRepository.of(platform.db, PhoneNumberEntity, companyId);
  const e164 = `+1646555${String(1000 + ++numberSeq).slice(-4)}`;
  return numbers.save(
    numbers.create({
      phoneNumber: e164,
      providerNumberId: `pn_${numberSeq}_${Date.now()}`,
      provider: 'sandbox',
      friendlyName: e164,
      areaCode: '646',
      country: 'US',
      numberType: 'local',
      capabilities: ['Voice'],
      releasedAt: released ? new Date() : null,
    }),
  );
}

async function agent(companyId: string, options: { outbound?: boolean; active?: boolean } = {}): Promise<AgentEntity> {
  const agents = CompanyScopedRepository.of(platform.db, AgentEntity, companyId);
  const outbound = options.outbound === false ? null : (await ownNumber(companyId)).id;
  return agents.save(agents.create({ name: 'Ava', outboundNumberId: outbound, active: options.active ?? true }));
}

let phoneSeq = 0;
/** A New York number ending in `digit` (the sandbox's outcome), unique per call. */
const nyPhone = (digit: number) => `+1212555${String(++phoneSeq % 1000).padStart(3, '0')}${digit}`;

/** A list of the company with contacts of these phones; its id and contact ids. */
async function listOf(companyId: string, phones: string[]): Promise<{ listId: string; contactIds: string[] }> {
  const contactIds: string[] = [];
  for (const phone of phones) contactIds.push((await platform.contact(companyId, { phone })).id);
  return { listId: await platform.list(companyId, contactIds), contactIds };
}

/** A window of one hour starting two hours from now in New York: closed now for New York numbers. */
function closedWindow(): { start: string; end: string; opensAt: Date } {
  const opens = DateTime.now().setZone('America/New_York').plus({ hours: 2 }).startOf('minute');
  const closes = opens.plus({ hours: 1 });
  return { start: opens.toFormat('HH:mm'), end: closes.toFormat('HH:mm'), opensAt: opens.toJSDate() };
}

async function draft(companyId: string, phones: string[], input: Partial<CampaignInput> = {}): Promise<string> {
  const { listId } = await listOf(companyId, phones);
  const { campaign } = await platform.app.get(CampaignsService).create(companyId, {
    name: 'Campaign',
    listId,
    agentId: null,
    callerNumber: (await ownNumber(companyId)).phoneNumber,
    callsPerMinute: 60,
    maxConcurrentCalls: 5,
    windowStart: '00:00',
    windowEnd: '24:00',
    ...input,
  });
  return campaign.id;
}

/** A running campaign whose one contact waits for its window (so it stays running). */
async function waitingCampaign(companyId: string): Promise<string> {
  const window = closedWindow();
  const id = await draft(companyId, [nyPhone(0)], { windowStart: window.start, windowEnd: window.end });
  await platform.app.get(CampaignsService).start(companyId, id, null);
  return id;
}

async function campaignRow(id: string): Promise<Record<string, unknown>> {
  return (await platform.db.query('SELECT * FROM platform.campaigns WHERE id = $1', [id]))[0];
}

interface ContactRow {
  contact_id: string;
  phone: string;
  state: string;
  outcome: string | null;
  call_id: string | null;
  not_before: string | null;
}

async function contactRows(id: string): Promise<ContactRow[]> {
  return platform.db.query('SELECT * FROM platform.campaign_contacts WHERE campaign_id = $1 ORDER BY contact_id', [id]);
}

async function eventsOf(id: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const rows: Array<{ type: string; envelope: { data: Record<string, unknown> } }> = await platform.db.query(
    'SELECT type, envelope FROM platform.outbox WHERE topic = $1 AND subject = $2 ORDER BY seq',
    [Topics.platformCampaign, id],
  );
  return rows.map((row) => ({ type: row.type, data: row.envelope.data }));
}

const completed = (id: string, timeoutMs = 60_000) =>
  eventually(
    () => campaignRow(id),
    (row) => row.status === 'completed',
    { timeoutMs, intervalMs: 200, what: `campaign ${id} to complete` },
  );

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'post',
    path: '/api/campaigns',
    permission: 'edit-campaigns',
    target: async (key) => {
      const company = fixture.company[key];
      return {
        body: {
          name: 'Spring',
          list_id: b64((await listOf(company, [])).listId),
          caller_number: (await ownNumber(company)).phoneNumber,
        },
      };
    },
    status: 201,
    expected: { success: true, message: 'Campaign created successfully.', data: { status: 'draft' } },
  },
  {
    method: 'get',
    path: '/api/campaigns',
    permission: 'view-campaigns',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: { pagination: { current_page: 1, per_page: 15 } } },
  },
  {
    method: 'get',
    path: '/api/campaigns/{id}',
    permission: 'view-campaigns',
    target: async (key) => ({ id: await draft(fixture.company[key], [nyPhone(0)]) }),
    status: 200,
    expected: { success: true, data: { status: 'draft', progress: { total: 0, done: 0 } } },
  },
  {
    method: 'post',
    path: '/api/campaigns/{id}/start',
    permission: 'edit-campaigns',
    target: async (key) => {
      const window = closedWindow();
      return { id: await draft(fixture.company[key], [nyPhone(1)], { windowStart: window.start, windowEnd: window.end }) };
    },
    status: 200,
    expected: { success: true, message: 'Campaign started successfully.', data: { status: 'running', total_contacts: 1 } },
  },
  {
    method: 'post',
    path: '/api/campaigns/{id}/stop',
    permission: 'edit-campaigns',
    target: async (key) => ({ id: await waitingCampaign(fixture.company[key]) }),
    status: 200,
    expected: { success: true, message: 'Campaign stopped successfully.', data: { status: 'stopped' } },
  },
  {
    method: 'get',
    path: '/api/campaigns/{id}/call-attempts',
    permission: 'view-campaigns',
    target: async (key) => ({ id: await draft(fixture.company[key], [nyPhone(0)]) }),
    status: 200,
    expected: { success: true, data: { records: [], pagination: { total: 0, current_page: 1, per_page: 15 } } },
  },
  {
    method: 'delete',
    path: '/api/campaigns/{id}',
    permission: 'edit-campaigns',
    target: async (key) => ({ id: await draft(fixture.company[key], [nyPhone(0)]) }),
    status: 200,
    expected: { success: true, message: 'Campaign deleted successfully.' },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('creating a campaign', () => {
  it('answers the draft with its defaults, ids in base64', async () => {
    const { listId } = await listOf(fixture.company.A, [nyPhone(0)]);
    const caller = await ownNumber(fixture.company.A);
    const response = await platform
      .request('post', '/api/campaigns', await fixture.admin.A.token())
      .send({ name: 'Spring', list_id: Number(listId), caller_number: caller.phoneNumber })
      .expect(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Campaign created successfully.',
      data: {
        id: expect.any(String),
        name: 'Spring',
        status: 'draft',
        list_id: b64(listId),
        agent_id: null,
        caller_number: caller.phoneNumber,
        calls_per_minute: 5,
        max_concurrent_calls: 1,
        calling_window: { start: '09:00', end: '20:00' },
        total_contacts: 0,
        done_contacts: 0,
        progress: { done: 0, total: 0, skipped: 0, calling: 0, pending: 0 },
        started_at: null,
        stopped_at: null,
        completed_at: null,
        created_at: expect.any(String),
      },
    });
    expect(unb64(response.body.data.id)).toMatch(/^[0-9]+$/);
    const read = await platform
      .request('get', `/api/campaigns/${response.body.data.id}`, await fixture.admin.A.token())
      .expect(200);
    expect(read.body.data).toEqual(response.body.data);
  });

  it('takes an agent with an outbound number, and the pacing and window given', async () => {
    const ava = await agent(fixture.company.A);
    const { listId } = await listOf(fixture.company.A, []);
    const response = await platform
      .request('post', '/api/campaigns', await fixture.admin.A.token())
      .send({
        name: 'Agent run',
        list_id: b64(listId),
        agent_id: b64(ava.id),
        calls_per_minute: 60,
        max_concurrent_calls: 20,
        calling_window: { start: '22:00', end: '06:00' },
      })
      .expect(201);
    expect(response.body.data).toMatchObject({
      agent_id: Number(ava.id),
      caller_number: null,
      calls_per_minute: 60,
      max_concurrent_calls: 20,
      calling_window: { start: '22:00', end: '06:00' },
    });
  });

  const refusals: Array<[string, (company: string) => Promise<Record<string, unknown>>, number, string | null]> = [
    [
      'no name',
      async (c) => ({ list_id: (await listOf(c, [])).listId, caller_number: (await ownNumber(c)).phoneNumber }),
      400,
      null,
    ],
    ['a name of 256 characters', async (c) => ({ ...(await valid(c)), name: 'x'.repeat(256) }), 400, null],
    ['a blank name', async (c) => ({ ...(await valid(c)), name: '   ' }), 400, null],
    ['a name with NUL', async (c) => ({ ...(await valid(c)), name: 'a\u0000b' }), 400, null],
    ['no list_id', async (c) => ({ name: 'n', caller_number: (await ownNumber(c)).phoneNumber }), 400, null],
    ['list_id 1e308', async (c) => ({ ...(await valid(c)), list_id: 1e308 }), 400, null],
    ['calls_per_minute 0', async (c) => ({ ...(await valid(c)), calls_per_minute: 0 }), 400, null],
    ['calls_per_minute 61', async (c) => ({ ...(await valid(c)), calls_per_minute: 61 }), 400, null],
    ['calls_per_minute 1.5', async (c) => ({ ...(await valid(c)), calls_per_minute: 1.5 }), 400, null],
    ['max_concurrent_calls 21', async (c) => ({ ...(await valid(c)), max_concurrent_calls: 21 }), 400, null],
    ['max_concurrent_calls 1e308', async (c) => ({ ...(await valid(c)), max_concurrent_calls: 1e308 }), 400, null],
    ['a window of 25:00', async (c) => ({ ...(await valid(c)), calling_window: { start: '25:00', end: '20:00' } }), 400, null],
    ['a window without end', async (c) => ({ ...(await valid(c)), calling_window: { start: '09:00' } }), 400, null],
    ['a window as a string', async (c) => ({ ...(await valid(c)), calling_window: '09:00-20:00' }), 400, null],
    ['a caller number that is no number', async (c) => ({ ...(await valid(c)), caller_number: '12' }), 400, null],
    [
      'an empty window',
      async (c) => ({ ...(await valid(c)), calling_window: { start: '09:00', end: '09:00' } }),
      422,
      'calling_window',
    ],
    [
      'another company’s list',
      async (c) => ({ ...(await valid(c)), list_id: b64((await listOf(fixture.company.B, [])).listId) }),
      422,
      'list_id',
    ],
    ['an undecodable list id', async (c) => ({ ...(await valid(c)), list_id: 'not-an-id' }), 422, 'list_id'],
    [
      'an undecodable agent id',
      async (c) => ({ name: 'n', list_id: (await listOf(c, [])).listId, agent_id: 'not-an-id' }),
      422,
      'agent_id',
    ],
    ['neither agent nor caller number', async (c) => ({ name: 'n', list_id: (await listOf(c, [])).listId }), 422, 'agent_id'],
    [
      'both agent and caller number',
      async (c) => ({ ...(await valid(c)), agent_id: Number((await agent(c)).id) }),
      422,
      'caller_number',
    ],
    [
      'a caller number of another company',
      async (c) => ({ ...(await valid(c)), caller_number: (await ownNumber(fixture.company.B)).phoneNumber }),
      422,
      'caller_number',
    ],
    [
      'a released caller number',
      async (c) => ({ ...(await valid(c)), caller_number: (await ownNumber(c, true)).phoneNumber }),
      422,
      'caller_number',
    ],
    [
      'another company’s agent',
      async (c) => ({ name: 'n', list_id: (await listOf(c, [])).listId, agent_id: Number((await agent(fixture.company.B)).id) }),
      422,
      'agent_id',
    ],
    [
      'an agent without outbound number',
      async (c) => ({
        name: 'n',
        list_id: (await listOf(c, [])).listId,
        agent_id: Number((await agent(c, { outbound: false })).id),
      }),
      422,
      'agent_id',
    ],
    [
      'an inactive agent',
      async (c) => ({
        name: 'n',
        list_id: (await listOf(c, [])).listId,
        agent_id: Number((await agent(c, { active: false })).id),
      }),
      422,
      'agent_id',
    ],
  ];

  async function valid(companyId: string): Promise<Record<string, unknown>> {
    return { name: 'n', list_id: (await listOf(companyId, [])).listId, caller_number: (await ownNumber(companyId)).phoneNumber };
  }

  it.each(refusals)('refuses %s', async (_what, body, status, field) => {
    const response = await platform
      .request('post', '/api/campaigns', await fixture.admin.A.token())
      .send(await body(fixture.company.A))
      .expect(status);
    expect(response.body.success).toBe(false);
    if (field) expect(response.body.errors).toHaveProperty(field);
  });
});

describe('starting and stopping', () => {
  it('start copies the list (a bad phone skipped), emits campaign.started; stop emits campaign.stopped; both refuse the wrong state with 409', async () => {
    const token = await fixture.admin.A.token();
    const window = closedWindow();
    const { listId, contactIds } = await listOf(fixture.company.A, [nyPhone(0), nyPhone(1), nyPhone(2)]);
    // A contact deleted from the CRM leaves its lists; one whose stored phone is not a real number is skipped.
    await platform.request('delete', `/api/contacts/${contactIds[2]}`, token).expect(200);
    const broken = await platform.contact(fixture.company.A, { phone: nyPhone(3) });
    await platform.db.query("UPDATE platform.contacts SET phone = '+15555550123' WHERE id = $1", [broken.id]);
    const noPhone = await platform.contact(fixture.company.A, {});
    await platform
      .request('post', `/api/lists/${listId}/contacts`, token)
      .send({ contact_ids: [Number(broken.id), Number(noPhone.id)] })
      .expect(201);
    const created = await platform
      .request('post', '/api/campaigns', token)
      .send({
        name: 'Q2',
        list_id: Number(listId),
        caller_number: (await ownNumber(fixture.company.A)).phoneNumber,
        calling_window: { start: window.start, end: window.end },
      })
      .expect(201);
    const id = created.body.data.id as string;
    const numericId = unb64(id);

    const started = await platform.request('post', `/api/campaigns/${id}/start`, token).expect(200);
    expect(started.body).toMatchObject({
      success: true,
      message: 'Campaign started successfully.',
      data: {
        status: 'running',
        total_contacts: 3,
        done_contacts: 1,
        progress: { total: 3, skipped: 1, pending: 2, calling: 0, done: 0 },
        started_at: expect.any(String),
      },
    });
    expect((await contactRows(numericId)).map((row) => [row.contact_id, row.state, row.outcome])).toEqual([
      [contactIds[0], 'pending', null],
      [contactIds[1], 'pending', null],
      [broken.id, 'skipped', 'invalid_phone'],
    ]);
    await platform.request('post', `/api/campaigns/${id}/start`, token).expect(409, {
      success: false,
      message: 'The campaign is already running.',
      errors: {},
    });
    const stopped = await platform.request('post', `/api/campaigns/${id}/stop`, token).expect(200);
    expect(stopped.body.data).toMatchObject({ status: 'stopped', stopped_at: expect.any(String) });
    await platform.request('post', `/api/campaigns/${id}/stop`, token).expect(409, {
      success: false,
      message: 'Only a running campaign can be stopped.',
      errors: {},
    });
    // A restart keeps the contacts it took (no second copy) and publishes started again.
    const restarted = await platform.request('post', `/api/campaigns/${id}/start`, token).expect(200);
    expect(restarted.body.data).toMatchObject({ status: 'running', total_contacts: 3, started_at: started.body.data.started_at });
    expect(await contactRows(numericId)).toHaveLength(3);
    await platform.request('delete', `/api/campaigns/${id}`, token).expect(409, {
      success: false,
      message: 'Stop the campaign before deleting it.',
      errors: {},
    });

    const events = await eventsOf(numericId);
    expect(events.map((event) => event.type)).toEqual(['campaign.started', 'campaign.stopped', 'campaign.started']);
    expect(events[0]!.data).toEqual({
      id: numericId,
      company_id: fixture.company.A,
      name: 'Q2',
      status: 'running',
      list_id: listId,
      agent_id: null,
      caller_number: created.body.data.caller_number,
      total_contacts: 3,
      done_contacts: 1,
      started_at: started.body.data.started_at,
      completed_at: null,
      changed_by: fixture.admin.A.id,
    });
    expect(events[1]!.data).toMatchObject({ status: 'stopped', changed_by: fixture.admin.A.id });
  });

  it('completes at once when every contact of the list has a phone that is no number (started, then completed)', async () => {
    const broken = await platform.contact(fixture.company.A, { phone: nyPhone(1) });
    await platform.db.query("UPDATE platform.contacts SET phone = '+15555550199' WHERE id = $1", [broken.id]);
    const listId = await platform.list(fixture.company.A, [broken.id]);
    const { campaign } = await platform.app.get(CampaignsService).create(fixture.company.A, {
      name: 'Nobody callable',
      listId,
      agentId: null,
      callerNumber: (await ownNumber(fixture.company.A)).phoneNumber,
      callsPerMinute: 5,
      maxConcurrentCalls: 1,
      windowStart: '00:00',
      windowEnd: '24:00',
    });
    const started = await platform
      .request('post', `/api/campaigns/${b64(campaign.id)}/start`, await fixture.admin.A.token())
      .expect(200);
    expect(started.body.data).toMatchObject({
      status: 'completed',
      total_contacts: 1,
      done_contacts: 1,
      completed_at: expect.any(String),
      progress: { total: 1, skipped: 1, done: 0, pending: 0, calling: 0 },
    });
    expect((await eventsOf(campaign.id)).map((event) => event.type)).toEqual(['campaign.started', 'campaign.completed']);
    expect(await campaignRow(campaign.id)).toMatchObject({ tick_job_id: null });
  });

  it('stop then start at once: the restarted chain alone dials, and each contact is still called once', async () => {
    const token = await fixture.admin.A.token();
    provider.callMs = 300;
    const id = await draft(fixture.company.A, [1, 2, 3, 4].map(nyPhone), { maxConcurrentCalls: 1 });
    await platform.request('post', `/api/campaigns/${b64(id)}/start`, token).expect(200);
    const first = (await campaignRow(id)).tick_job_id;
    await platform.request('post', `/api/campaigns/${b64(id)}/stop`, token).expect(200);
    expect(await campaignRow(id)).toMatchObject({ tick_job_id: null });
    await platform.request('post', `/api/campaigns/${b64(id)}/start`, token).expect(200);
    expect((await campaignRow(id)).tick_job_id).not.toBe(first);
    await completed(id);
    provider.callMs = 100;
    const placed = [...provider.placed.values()].filter((request) => request.context.campaignId === id);
    expect(placed).toHaveLength(4);
    expect(provider.afterEnd).toEqual([]);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual([
      'campaign.started',
      'campaign.stopped',
      'campaign.started',
      'campaign.completed',
    ]);
  });

  it('refuses to start over a list without a contact with a phone (422), and leaves the campaign a draft', async () => {
    const token = await fixture.admin.A.token();
    const noPhone = await platform.contact(fixture.company.A, {});
    const listId = await platform.list(fixture.company.A, [noPhone.id]);
    const created = await platform
      .request('post', '/api/campaigns', token)
      .send({ name: 'Empty', list_id: Number(listId), caller_number: (await ownNumber(fixture.company.A)).phoneNumber })
      .expect(201);
    const response = await platform.request('post', `/api/campaigns/${created.body.data.id}/start`, token).expect(422);
    expect(response.body).toMatchObject({ success: false, message: 'The list has no contacts to call.' });
    await platform
      .request('get', `/api/campaigns/${created.body.data.id}`, token)
      .expect(200)
      .expect((r) => {
        expect(r.body.data.status).toBe('draft');
      });
  });
});

describe('dialing', () => {
  it('calls every contact of the list exactly once, records the outcomes and completes (campaign.started, campaign.completed)', async () => {
    const phones = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(nyPhone);
    const rejected = nyPhone(0);
    provider.rejects.add(rejected);
    const id = await draft(fixture.company.A, [...phones, rejected], { maxConcurrentCalls: 3, callsPerMinute: 60 });
    await platform.app.get(CampaignsService).start(fixture.company.A, id, fixture.admin.A.id);
    await completed(id);

    const rows = await contactRows(id);
    expect(rows).toHaveLength(11);
    expect(rows.every((row) => row.state === 'done')).toBe(true);
    const outcomes = Object.fromEntries(rows.map((row) => [row.phone, row.outcome]));
    expect(outcomes[phones[8]!]).toBe('no_answer');
    expect(outcomes[phones[9]!]).toBe('failed');
    expect(outcomes[phones[3]!]).toBe('completed');
    expect(outcomes[rejected]).toBe('rejected');
    expect(rows.filter((row) => row.phone !== rejected).every((row) => /^rec_/.test(row.call_id ?? ''))).toBe(true);

    const placed = [...provider.placed.values()].filter((request) => request.context.campaignId === id);
    expect(placed).toHaveLength(10);
    expect(new Set(placed.map((request) => request.to))).toEqual(new Set(phones));
    expect(provider.afterEnd).toEqual([]);
    expect(placed[0]).toMatchObject({
      idempotencyKey: expect.stringMatching(new RegExp(`^campaign:${id}:contact:[0-9]+$`)),
      context: { companyId: fixture.company.A, campaignId: id, agentId: null },
    });

    const events = await eventsOf(id);
    expect(events.map((event) => event.type)).toEqual(['campaign.started', 'campaign.completed']);
    expect(events[1]!.data).toMatchObject({
      status: 'completed',
      total_contacts: 11,
      done_contacts: 11,
      completed_at: expect.any(String),
      changed_by: null,
    });
    const read = await platform.request('get', `/api/campaigns/${b64(id)}`, await fixture.admin.A.token()).expect(200);
    expect(read.body.data).toMatchObject({
      status: 'completed',
      progress: { total: 11, done: 11, pending: 0, calling: 0, skipped: 0 },
    });
    await platform.request('post', `/api/campaigns/${b64(id)}/start`, await fixture.admin.A.token()).expect(409, {
      success: false,
      message: 'The campaign is completed; it cannot be started again.',
      errors: {},
    });
  });

  it('never has more calls in flight than max_concurrent_calls, and calls from the agent’s outbound number', async () => {
    const ava = await agent(fixture.company.A);
    const outbound = await CompanyScopedRepository.of(platform.db, PhoneNumberEntity, fixture.company.A).findOneBy({
      id: ava.outboundNumberId!,
    });
    provider.callMs = 400;
    const id = await draft(fixture.company.A, [1, 2, 3, 4].map(nyPhone), {
      agentId: ava.id,
      callerNumber: null,
      maxConcurrentCalls: 1,
    });
    await platform.app.get(CampaignsService).start(fixture.company.A, id, null);
    let most = 0;
    await eventually(
      async () => {
        const rows = await contactRows(id);
        most = Math.max(most, rows.filter((row) => row.state === 'calling').length);
        return campaignRow(id);
      },
      (row) => row.status === 'completed',
      { timeoutMs: 60_000, intervalMs: 50, what: 'the one-at-a-time campaign to complete' },
    );
    provider.callMs = 100;
    expect(most).toBe(1);
    const placed = [...provider.placed.values()].filter((request) => request.context.campaignId === id);
    expect(placed).toHaveLength(4);
    expect(placed.every((request) => request.from === outbound!.phoneNumber && request.agentId === ava.id)).toBe(true);
  });

  it('gives up a call whose end never arrives after CALL_LOST_AFTER_MS (outcome no_result), and completes', async () => {
    const silent = nyPhone(2);
    provider.silent.add(silent);
    const id = await draft(fixture.company.A, [nyPhone(1), silent]);
    await platform.app.get(CampaignsService).start(fixture.company.A, id, null);
    await eventually(
      () => contactRows(id),
      (rows) => rows.some((row) => row.phone === silent && row.state === 'calling' && row.call_id !== null),
      { what: 'the silent call to be placed' },
    );
    // Hours pass: the call was placed longer ago than any call lasts. The next tick gives it up.
    await platform.db.query('UPDATE platform.campaign_contacts SET called_at = $2 WHERE campaign_id = $1 AND phone = $3', [
      id,
      new Date(Date.now() - CALL_LOST_AFTER_MS - 60_000),
      silent,
    ]);
    await platform.db.transaction(async (manager) => {
      const campaign = await CompanyScopedRepository.of(manager, CampaignEntity, fixture.company.A).findOne({
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      await platform.app.get(CampaignTicks).arm(manager, campaign!);
    });
    await completed(id);
    const rows = await contactRows(id);
    expect(rows.find((row) => row.phone === silent)).toMatchObject({ state: 'done', outcome: 'no_result' });
  });

  it('leaves contacts outside their calling window pending until it opens, and places nothing', async () => {
    const window = closedWindow();
    const id = await draft(fixture.company.A, [nyPhone(1), nyPhone(2)], { windowStart: window.start, windowEnd: window.end });
    await platform.app.get(CampaignsService).start(fixture.company.A, id, null);
    const rows = await eventually(
      () => contactRows(id),
      (found) => found.every((row) => row.not_before !== null),
      { what: 'the contacts to wait for their window' },
    );
    for (const row of rows) {
      expect(row.state).toBe('pending');
      expect(new Date(row.not_before!).toISOString()).toBe(window.opensAt.toISOString());
    }
    expect([...provider.requests].filter((request) => request.context.campaignId === id)).toEqual([]);
    expect(await campaignRow(id)).toMatchObject({ status: 'running', tick_job_id: expect.any(String) });
    // The next tick is armed for the opening, not sooner.
    const jobs = await platform.db.query('SELECT run_at FROM platform.jobs WHERE id = $1', [(await campaignRow(id)).tick_job_id]);
    expect(new Date(jobs[0].run_at).toISOString()).toBe(window.opensAt.toISOString());
  });

  it('survives a restart of the app mid-campaign: it completes and no contact is called twice', async () => {
    provider.callMs = 500;
    const phones = [1, 2, 3, 4, 5, 6].map(nyPhone);
    const id = await draft(fixture.company.A, phones, { maxConcurrentCalls: 1 });
    await platform.app.get(CampaignsService).start(fixture.company.A, id, null);
    await eventually(
      () => campaignRow(id),
      (row) => Number(row.done_contacts) >= 2,
      { timeoutMs: 60_000, what: 'two calls to end before the restart' },
    );
    expect((await campaignRow(id)).status).toBe('running');
    await platform.restart();
    await completed(id, 90_000);
    provider.callMs = 100;

    const perContact = [...provider.placed.values()].filter((request) => request.context.campaignId === id);
    expect(new Set(perContact.map((request) => request.to))).toEqual(new Set(phones));
    expect(perContact).toHaveLength(6);
    expect(provider.afterEnd).toEqual([]);
    expect((await contactRows(id)).every((row) => row.state === 'done')).toBe(true);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['campaign.started', 'campaign.completed']);
  });
});
