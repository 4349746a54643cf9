import { CompanyScopedRepository } from '@suite/database';
import type { EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { AgentEntity } from '../agents/agent.entity';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';
import { ReputationChecks } from './reputation-checks';
import { nextRenewal } from './spam-number-rules';
import { SpamNumbersService } from './spam-numbers.service';

/**
 * Spam-protected numbers on real PostgreSQL, Kafka and jobs, with the sandbox voice provider:
 * rows following the phone_number.* and agent.* events (published through the platform's outbox
 * as their features do), reputation checks by the sandbox's rules (…7 T-Mobile, …9 AT&T and
 * Verizon, …5 pending, else clean) with one scheduled chain per row, the routes' tenancy rules,
 * filters, search and pagination, Custom-only edits, and the AI dashboard.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('spam_numbers');
  fixture = await createTenancyFixture(platform, { unrelated: 'view-teams' });
});
afterAll(() => platform?.stop());

let counter = 0;
/** A valid, unused US number ending in `last`. */
const newNumber = (last: number | string = 3): string => `+1415727${String(++counter).padStart(3, '0')}${last}`;
const b64 = (id: string | number) => Buffer.from(String(id)).toString('base64');

interface Row {
  id: string;
  pnumber: string;
  type: string;
  status: string;
  phone_number_id: string | null;
  renewal: string | null;
  last_checked_at: Date | null;
  flagged_carriers: Array<{ carrier: string; flagged: boolean; label: string | null; checked_at: string }>;
}

async function rowsOf(companyId: string, pnumber: string): Promise<Row[]> {
  return platform.db.query(
    `SELECT id::text, pnumber, type, status, phone_number_id::text, to_char(renewal, 'YYYY-MM-DD') AS renewal, last_checked_at, flagged_carriers
       FROM platform.spam_protected_numbers WHERE company_id = $1 AND pnumber = $2`,
    [companyId, pnumber],
  );
}

/** The row of `pnumber` once `accept` holds. */
async function rowWhen(
  companyId: string,
  pnumber: string,
  accept: (row: Row | undefined) => boolean,
  what: string,
): Promise<Row | undefined> {
  return (
    await eventually(
      () => rowsOf(companyId, pnumber),
      (rows) => accept(rows[0]),
      { timeoutMs: 30_000, what },
    )
  )[0];
}

async function jobsOf(
  rowId: string,
): Promise<Array<{ status: string; attempts: number; run_at: Date; last_error: string | null; scheduled: boolean }>> {
  return platform.db.query(
    `SELECT status, attempts, run_at, last_error, (payload->>'scheduled')::boolean AS scheduled
       FROM platform.jobs WHERE queue = 'spam.reputation-check' AND concurrency_key = $1 ORDER BY run_at`,
    [`spam-number:${rowId}`],
  );
}

const publish = (work: (manager: EntityManager, outbox: Outbox) => Promise<void>) =>
  platform.db.transaction((manager) => work(manager, platform.app.get(Outbox)));

/** Buys a number the way the phone-numbers feature does: the row and phone_number.purchased in one transaction. */
async function purchase(
  companyId: string,
  phoneNumber = newNumber(),
  details: { nickname?: string; areaCode?: string; purchasedAt?: Date } = {},
): Promise<PhoneNumberEntity> {
  let saved!: PhoneNumberEntity;
  await publish(async (manager, outbox) => {
    const numbers = CompanyScopedRepository.of(manager, PhoneNumberEntity, companyId);
    saved = await numbers.save(
      numbers.create({
        phoneNumber,
        providerNumberId: `PN${phoneNumber.slice(1)}`,
        provider: 'sandbox',
        friendlyName: phoneNumber,
        nickname: details.nickname ?? null,
        locality: 'San Francisco',
        areaCode: details.areaCode ?? '415',
        country: 'US',
        numberType: 'local',
        capabilities: ['Voice', 'SMS'],
        releasedAt: null,
        ...(details.purchasedAt ? { purchasedAt: details.purchasedAt } : {}),
      }),
    );
    await outbox.append(
      manager,
      newEvent('phone_number.purchased', {
        companyId,
        subject: saved.id,
        data: {
          id: saved.id,
          company_id: companyId,
          phone_number: phoneNumber,
          capabilities: ['Voice', 'SMS'],
          purchased_at: saved.purchasedAt.toISOString(),
          released_at: null,
          changed_by: null,
        },
      }),
    );
  });
  return saved;
}

async function release(number: PhoneNumberEntity): Promise<void> {
  await publish(async (manager, outbox) => {
    const releasedAt = new Date();
    await CompanyScopedRepository.of(manager, PhoneNumberEntity, number.companyId).update({ id: number.id }, { releasedAt });
    await outbox.append(
      manager,
      newEvent('phone_number.released', {
        companyId: number.companyId,
        subject: number.id,
        data: {
          id: number.id,
          company_id: number.companyId,
          phone_number: number.phoneNumber,
          capabilities: number.capabilities,
          purchased_at: number.purchasedAt.toISOString(),
          released_at: releasedAt.toISOString(),
          changed_by: null,
        },
      }),
    );
  });
}

type AgentChange = 'agent.created' | 'agent.updated' | 'agent.deleted';

/** Writes an agent the way the agents feature does and publishes `type` with its snapshot. */
async function agent(
  companyId: string,
  type: AgentChange,
  values: { id?: string; name?: string; inbound?: string | null; outbound?: string | null },
): Promise<AgentEntity> {
  let saved!: AgentEntity;
  await publish(async (manager, outbox) => {
    const agents = CompanyScopedRepository.of(manager, AgentEntity, companyId);
    const current = values.id ? await agents.findOneBy({ id: values.id }) : null;
    saved = await agents.save({
      ...(current ?? agents.create({ name: 'Agent', voice: null, prompt: null, minSuccessRate: null, performanceWindow: null })),
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.inbound !== undefined ? { inboundNumberId: values.inbound } : {}),
      ...(values.outbound !== undefined ? { outboundNumberId: values.outbound } : {}),
      deletedAt: type === 'agent.deleted' ? new Date() : null,
    } as AgentEntity);
    await outbox.append(
      manager,
      newEvent(type, {
        companyId,
        subject: saved.id,
        data: {
          id: saved.id,
          company_id: companyId,
          name: saved.name,
          voice: null,
          active: true,
          status: 'offline',
          inbound_number_id: saved.inboundNumberId ?? null,
          outbound_number_id: saved.outboundNumberId ?? null,
          min_success_rate: null,
          performance_window: null,
          updated_at: new Date().toISOString(),
          changed_by: null,
        },
      }),
    );
  });
  return saved;
}

/** A Custom row of the company, through the service; its id. */
async function custom(companyId: string, pnumber = newNumber()): Promise<string> {
  return (await platform.app.get(SpamNumbersService).create(companyId, pnumber)).row.id;
}

/** A House row of the company (a purchased number), once the event has reached the feature; its id. */
async function house(companyId: string, pnumber = newNumber()): Promise<string> {
  await purchase(companyId, pnumber);
  return (await rowWhen(companyId, pnumber, (row) => row !== undefined, 'the House row'))!.id;
}

const LIST = '/api/spam-protected-numbers';
const DASHBOARD = '/api/ai/dashboard/spam-numbers';
const PAGE_1 = { success: true, data: { pagination: { current_page: 1, per_page: 15 } } };

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: LIST,
    permission: 'view-spam-protected-numbers',
    target: async () => ({}),
    status: 200,
    expected: PAGE_1,
    acceptsCompanyId: false,
  },
  {
    method: 'post',
    path: LIST,
    permission: 'edit-spam-protected-numbers',
    target: async () => ({ body: { pnumber: newNumber() } }),
    status: 201,
    expected: {
      success: true,
      message: 'Number added successfully.',
      data: { type: 'Custom', status: 'In Progress', can_edit: true },
    },
    acceptsCompanyId: false,
  },
  ...[`${LIST}/{id}`, `${LIST}/update/{id}`].map((path): EndpointCase => ({
    method: 'put',
    path,
    permission: 'edit-spam-protected-numbers',
    target: async (key) => ({ id: await custom(fixture.company[key]), body: { pnumber: newNumber() } }),
    status: 200,
    expected: { success: true, message: 'Number updated successfully.', data: { type: 'Custom', status: 'In Progress' } },
    acceptsCompanyId: false,
  })),
  {
    method: 'delete',
    path: `${LIST}/{id}`,
    permission: 'edit-spam-protected-numbers',
    target: async (key) => ({ id: await custom(fixture.company[key]) }),
    status: 200,
    expected: { success: true, message: 'Number removed successfully.' },
    acceptsCompanyId: false,
  },
  {
    method: 'post',
    path: `${LIST}/{id}/check`,
    permission: 'edit-spam-protected-numbers',
    target: async (key) => ({ id: await custom(fixture.company[key]) }),
    status: 202,
    expected: { success: true, message: 'Reputation check queued.' },
    acceptsCompanyId: false,
  },
  {
    method: 'get',
    path: DASHBOARD,
    permission: 'view-spam-protected-numbers',
    target: async () => ({}),
    status: 200,
    expected: PAGE_1,
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('rows following the purchased numbers', () => {
  it('adds a House row for a purchase, checks it by the sandbox’s rules and schedules the next check a day later', async () => {
    const company = await platform.company('Buyer');
    const pnumber = newNumber(7);
    const bought = await purchase(company, pnumber, { purchasedAt: new Date('2026-01-31T12:00:00Z') });
    const row = (await rowWhen(company, pnumber, (r) => r?.status === 'Flagged', 'the first check to flag the number'))!;
    expect(row).toMatchObject({ type: 'House', phone_number_id: bought.id, renewal: '2026-02-28' });
    expect(row.last_checked_at).toBeInstanceOf(Date);
    expect(row.flagged_carriers).toEqual([
      { carrier: 'AT&T', flagged: false, label: null, checked_at: expect.any(String) },
      { carrier: 'T-Mobile', flagged: true, label: 'Scam Likely', checked_at: expect.any(String) },
      { carrier: 'Verizon', flagged: false, label: null, checked_at: expect.any(String) },
    ]);
    const jobs = await eventually(
      () => jobsOf(row.id),
      (list) => list.length === 1,
      { what: 'the next scheduled check' },
    );
    expect(jobs[0]).toMatchObject({ status: 'queued', scheduled: true, attempts: 0 });
    const inSeconds = (jobs[0]!.run_at.getTime() - Date.now()) / 1000;
    expect(inSeconds).toBeGreaterThan(86_400 - 120);
    expect(inSeconds).toBeLessThanOrEqual(86_400);
  });

  it('flags …9 with AT&T and Verizon, clears other numbers, keeps …5 In Progress while the lookup is pending', async () => {
    const company = await platform.company('Buyer');
    const [nine, three, five] = [newNumber(9), newNumber(3), newNumber(5)];
    for (const pnumber of [nine, three, five]) await purchase(company, pnumber);
    const flagged = (await rowWhen(company, nine, (r) => r?.status === 'Flagged', '…9 flagged'))!;
    expect(flagged.flagged_carriers.filter((c) => c.flagged).map((c) => [c.carrier, c.label])).toEqual([
      ['AT&T', 'Spam Risk'],
      ['Verizon', 'Potential Spam'],
    ]);
    const clean = (await rowWhen(company, three, (r) => r?.status === 'Clean', '…3 clean'))!;
    expect(clean.flagged_carriers.every((c) => !c.flagged)).toBe(true);
    const pending = (await rowWhen(company, five, (r) => r !== undefined, '…5 row'))!;
    const retried = await eventually(
      () => jobsOf(pending.id),
      (jobs) => jobs[0]?.attempts === 1 && jobs[0].status === 'queued',
      { what: 'the pending lookup to be retried later' },
    );
    expect(retried).toHaveLength(1);
    expect(retried[0]!.last_error).toContain('pending');
    expect(retried[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await rowsOf(company, five))[0]).toMatchObject({
      status: 'In Progress',
      last_checked_at: null,
      flagged_carriers: [],
    });
  });

  it('deletes the row when the number is released; its queued check ends quietly', async () => {
    const company = await platform.company('Buyer');
    const pnumber = newNumber(3);
    const bought = await purchase(company, pnumber);
    const row = (await rowWhen(company, pnumber, (r) => r?.status === 'Clean', 'checked'))!;
    await release(bought);
    await rowWhen(company, pnumber, (r) => r === undefined, 'the row to leave with the number');
    // A check of the gone row (as one queued before the release would run) succeeds and schedules nothing.
    await platform.db.query(
      `INSERT INTO platform.jobs (id, queue, concurrency_key, payload) VALUES (gen_random_uuid(), 'spam.reputation-check', $1, $2)`,
      [`spam-number:${row.id}`, JSON.stringify({ numberId: row.id, companyId: company, scheduled: true })],
    );
    await eventually(
      () => jobsOf(row.id),
      (jobs) => jobs.every((job) => job.run_at.getTime() > Date.now() + 3_600_000),
      { what: 'the orphan check to finish' },
    );
    const left = await jobsOf(row.id);
    expect(left.filter((job) => job.status !== 'queued')).toEqual([]);
  });

  it('turns a row AI while a live agent answers or calls from the number, and back to House', async () => {
    const company = await platform.company('Voice');
    const [one, two] = [newNumber(3), newNumber(3)];
    const first = await purchase(company, one);
    const second = await purchase(company, two);
    await rowWhen(company, two, (r) => r?.type === 'House', 'House rows');
    const created = await agent(company, 'agent.created', { inbound: first.id });
    await rowWhen(company, one, (r) => r?.type === 'AI', 'inbound number AI');
    await agent(company, 'agent.updated', { id: created.id, inbound: null, outbound: second.id });
    await rowWhen(company, two, (r) => r?.type === 'AI', 'outbound number AI');
    await rowWhen(company, one, (r) => r?.type === 'House', 'the number it left back to House');
    const other = await agent(company, 'agent.created', { outbound: second.id });
    await agent(company, 'agent.deleted', { id: created.id });
    await agent(company, 'agent.updated', { id: other.id, name: 'Still calling' });
    expect((await rowsOf(company, two))[0]!.type).toBe('AI');
    await agent(company, 'agent.deleted', { id: other.id });
    await rowWhen(company, two, (r) => r?.type === 'House', 'House once no live agent uses it');
  });

  it('lets a purchase take over a Custom row of the same number (one row, one schedule), which an agent then makes AI', async () => {
    const company = await platform.company('Voice');
    const pnumber = newNumber(3);
    const customId = await custom(company, pnumber);
    await rowWhen(company, pnumber, (r) => r?.status === 'Clean', 'the Custom row checked');
    const bought = await purchase(company, pnumber);
    await agent(company, 'agent.created', { inbound: bought.id });
    const row = (await rowWhen(company, pnumber, (r) => r?.type === 'AI', 'the Custom row turned AI'))!;
    expect(row).toMatchObject({ id: customId, phone_number_id: bought.id, status: 'Clean' });
    expect(await rowsOf(company, pnumber)).toHaveLength(1);
    const scheduled = await jobsOf(customId);
    expect(scheduled.filter((job) => job.scheduled && job.status === 'queued')).toHaveLength(1);
  });
});

describe('GET /api/spam-protected-numbers', () => {
  it('answers every field, newest first, with filters, search and pagination', async () => {
    const company = await platform.company('Lister');
    const reader = await platform.actor(company, ['view-spam-protected-numbers']);
    const token = await reader.token();
    const flagged = newNumber(7);
    const bought = await purchase(company, flagged);
    const houseRow = (await rowWhen(company, flagged, (r) => r?.status === 'Flagged', 'House flagged'))!;
    const pending = newNumber(5);
    const customId = await custom(company, pending);
    const clean = newNumber(3);
    const cleanId = await custom(company, clean);
    await rowWhen(company, clean, (r) => r?.status === 'Clean', 'Custom clean');

    const all = await platform.request('get', LIST, token).expect(200);
    expect(all.body.data.records.map((r: { id: number }) => r.id)).toEqual([
      Number(cleanId),
      Number(customId),
      Number(houseRow.id),
    ]);
    expect(all.body.data.pagination).toEqual({ total: 3, current_page: 1, per_page: 15, last_page: 1, from: 1, to: 3 });
    const houseAnswer = all.body.data.records[2];
    expect(houseAnswer).toEqual({
      id: Number(houseRow.id),
      pnumber: flagged,
      type: 'House',
      status: 'Flagged',
      renewal: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      last_checked_at: houseRow.last_checked_at!.toISOString(),
      flagged_carriers: houseRow.flagged_carriers,
      status_reason: null,
      can_edit: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(houseAnswer.renewal > today).toBe(true);
    expect(houseAnswer.renewal).toBe(nextRenewal(bought.purchasedAt, new Date()));
    expect(all.body.data.records[1]).toMatchObject({
      type: 'Custom',
      status: 'In Progress',
      renewal: null,
      last_checked_at: null,
      flagged_carriers: [],
      can_edit: true,
    });

    const ids = async (query: string) =>
      (await platform.request('get', `${LIST}?${query}`, token).expect(200)).body.data.records.map((r: { id: number }) => r.id);
    expect(await ids('status=Flagged')).toEqual([Number(houseRow.id)]);
    expect(await ids('status=In%20Progress')).toEqual([Number(customId)]);
    expect(await ids('status=All&type=Custom')).toEqual([Number(cleanId), Number(customId)]);
    expect(await ids('type=House')).toEqual([Number(houseRow.id)]);
    expect(await ids('type=AI')).toEqual([]);
    expect(await ids(`search=${encodeURIComponent(clean.slice(-5))}`)).toEqual([Number(cleanId)]);
    expect(await ids('search=progress')).toEqual([Number(customId)]);
    expect(await ids('search=hou')).toEqual([Number(houseRow.id)]);
    expect(await ids('search=custom&status=Clean')).toEqual([Number(cleanId)]);
    expect(await ids('search=flag&type=Custom')).toEqual([]);
    expect(await ids('search=%25')).toEqual([]);
    expect(await ids('search=_')).toEqual([]);
    const page2 = await platform.request('get', `${LIST}?per_page=2&page=2`, token).expect(200);
    expect(page2.body.data.records.map((r: { id: number }) => r.id)).toEqual([Number(houseRow.id)]);
    expect(page2.body.data.pagination).toEqual({ total: 3, current_page: 2, per_page: 2, last_page: 2, from: 3, to: 3 });
  });

  it('refuses bad filters and page sizes with 400', async () => {
    const token = await fixture.admin.A.token();
    for (const query of ['per_page=101', 'per_page=0', 'status=Spam', 'type=house', 'page=1e308', `search=${'x'.repeat(101)}`]) {
      const response = await platform.request('get', `${LIST}?${query}`, token).expect(400);
      expect(response.body).toEqual({ success: false, message: expect.any(String), errors: expect.any(Object) });
    }
  });
});

describe('editing spam-protected numbers', () => {
  it('adds a Custom number normalised to E.164 and checks it', async () => {
    const company = await platform.company('Editor');
    const admin = await platform.actor(company, ['edit-spam-protected-numbers']);
    const token = await admin.token();
    const national = `415727${String(++counter).padStart(3, '0')}9`;
    const response = await platform
      .request('post', LIST, token)
      .send({ pnumber: `(${national.slice(0, 3)}) ${national.slice(3)}` })
      .expect(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Number added successfully.',
      data: {
        id: expect.any(Number),
        pnumber: `+1${national}`,
        type: 'Custom',
        status: 'In Progress',
        renewal: null,
        last_checked_at: null,
        flagged_carriers: [],
        status_reason: null,
        can_edit: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    await rowWhen(company, `+1${national}`, (r) => r?.status === 'Flagged', 'the new Custom number checked');
    const again = await platform
      .request('post', LIST, token)
      .send({ pnumber: `+1${national}` })
      .expect(409);
    expect(again.body).toEqual({
      success: false,
      message: 'The company already protects this number.',
      errors: { pnumber: expect.any(Array) },
    });
  });

  it('refuses what is not a phone number with 422 and malformed bodies with 400', async () => {
    const token = await fixture.admin.A.token();
    for (const pnumber of ['+15555550123', 'not a number', '12345']) {
      const response = await platform.request('post', LIST, token).send({ pnumber }).expect(422);
      expect(response.body.errors).toHaveProperty('pnumber');
    }
    for (const pnumber of ['', '   ', 'x'.repeat(21), 4155550123, null, '\u0000', '\ud800']) {
      const response = await platform
        .request('post', LIST, token)
        .send({ pnumber })
        .expect((r) => expect([400, 422]).toContain(r.status));
      expect(response.body.errors).toHaveProperty('pnumber');
    }
  });

  it('renumbers a Custom row by either path and id spelling: In Progress again, checked anew, one schedule', async () => {
    const company = await platform.company('Editor');
    const token = await (await platform.actor(company, ['edit-spam-protected-numbers'])).token();
    const original = newNumber(3);
    const id = await custom(company, original);
    await rowWhen(company, original, (r) => r?.status === 'Clean', 'first check');
    const flagged = newNumber(7);
    const response = await platform
      .request('put', `${LIST}/update/${b64(id)}`, token)
      .send({ pnumber: flagged })
      .expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Number updated successfully.',
      data: {
        id: Number(id),
        pnumber: flagged,
        type: 'Custom',
        status: 'In Progress',
        last_checked_at: null,
        flagged_carriers: [],
      },
    });
    expect(await rowsOf(company, original)).toEqual([]);
    await rowWhen(company, flagged, (r) => r?.status === 'Flagged', 'the new number checked');
    const pending = newNumber(5);
    await platform.request('put', `${LIST}/${id}`, token).send({ pnumber: pending }).expect(200);
    expect((await rowsOf(company, pending))[0]).toMatchObject({ status: 'In Progress', flagged_carriers: [] });
    const scheduled = (await jobsOf(id)).filter((job) => job.scheduled);
    expect(scheduled).toHaveLength(1);
  });

  it('refuses to edit or remove AI and House rows with 422, and answers 404 for a row of another company', async () => {
    const company = await platform.company('Editor');
    const token = await (await platform.actor(company, ['edit-spam-protected-numbers'])).token();
    const houseId = await house(company);
    for (const path of [`${LIST}/${houseId}`, `${LIST}/update/${houseId}`]) {
      const response = await platform.request('put', path, token).send({ pnumber: newNumber() }).expect(422);
      expect(response.body).toEqual({
        success: false,
        message: 'Only Custom numbers can be edited; AI and House numbers follow the purchased numbers.',
        errors: { id: expect.any(Array) },
      });
    }
    await platform.request('delete', `${LIST}/${houseId}`, token).expect(422);
    const foreign = await custom(fixture.company.B);
    await platform.request('put', `${LIST}/${foreign}`, token).send({ pnumber: newNumber() }).expect(404);
    await platform.request('delete', `${LIST}/${foreign}`, token).expect(404);
    await platform.request('post', `${LIST}/${foreign}/check`, token).expect(404);
    await platform.request('put', `${LIST}/99999999999`, token).send({ pnumber: newNumber() }).expect(404);
  });

  it('queues an on-demand check of a House row without adding a second schedule', async () => {
    const company = await platform.company('Checker');
    const token = await (await platform.actor(company, ['edit-spam-protected-numbers'])).token();
    const pnumber = newNumber(3);
    const id = await house(company, pnumber);
    const first = (await rowWhen(company, pnumber, (r) => r?.last_checked_at !== null && r !== undefined, 'first check'))!;
    await eventually(
      () => jobsOf(id),
      (jobs) => jobs.length === 1,
      { what: 'the schedule' },
    );
    await platform
      .request('post', `${LIST}/${b64(id)}/check`, token)
      .expect(202, { success: true, message: 'Reputation check queued.' });
    await rowWhen(
      company,
      pnumber,
      (r) => r!.last_checked_at!.getTime() > first.last_checked_at!.getTime(),
      'the on-demand check',
    );
    const jobs = await eventually(
      () => jobsOf(id),
      (list) => list.length === 1,
      { what: 'the on-demand job to settle' },
    );
    expect(jobs[0]).toMatchObject({ scheduled: true, status: 'queued' });
  });
});

describe('GET /api/ai/dashboard/spam-numbers', () => {
  it('lists the AI numbers Flagged or In Progress with nickname, area code and agents; search; an agency’s child', async () => {
    const { agency, child } = await platform.agencyWithChild();
    const viewer = await platform.actor(agency, ['view-spam-protected-numbers']);
    const token = await viewer.token();
    const flagged = await purchase(child, newNumber(7), { nickname: 'Front desk', areaCode: '415' });
    const pending = await purchase(child, newNumber(5), { nickname: 'Night line', areaCode: '628' });
    const clean = await purchase(child, newNumber(3), { nickname: 'Clean line' });
    const idle = await purchase(child, newNumber(9), { nickname: 'Unused' });
    await agent(child, 'agent.created', { name: 'Zed', inbound: flagged.id, outbound: flagged.id });
    await agent(child, 'agent.created', { name: 'Amy', outbound: flagged.id });
    await agent(child, 'agent.created', { name: 'Nia', inbound: pending.id });
    await agent(child, 'agent.created', { name: 'Cal', inbound: clean.id });
    const flaggedRow = (await rowWhen(
      child,
      flagged.phoneNumber,
      (r) => r?.type === 'AI' && r.status === 'Flagged',
      'flagged AI',
    ))!;
    const pendingRow = (await rowWhen(child, pending.phoneNumber, (r) => r?.type === 'AI', 'pending AI'))!;
    await rowWhen(child, clean.phoneNumber, (r) => r?.type === 'AI' && r.status === 'Clean', 'clean AI');
    await rowWhen(child, idle.phoneNumber, (r) => r?.status === 'Flagged', 'flagged House');

    const response = await platform.request('get', `${DASHBOARD}?company_id=${child}`, token).expect(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        records: [
          {
            id: Number(pendingRow.id),
            phone_number: pending.phoneNumber,
            nickname: 'Night line',
            span_status: 'In Progress',
            area_code: '628',
            inbound_agent: 'Nia',
            outbound_agent: null,
            updated_at: expect.any(String),
          },
          {
            id: Number(flaggedRow.id),
            phone_number: flagged.phoneNumber,
            nickname: 'Front desk',
            span_status: 'Flagged',
            area_code: '415',
            inbound_agent: 'Zed',
            outbound_agent: 'Amy, Zed',
            updated_at: expect.any(String),
          },
        ],
        pagination: { total: 2, current_page: 1, per_page: 15, last_page: 1, from: 1, to: 2 },
      },
    });
    const ids = async (query: string) =>
      (await platform.request('get', `${DASHBOARD}?company_id=${child}&${query}`, token).expect(200)).body.data.records.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids('search=front')).toEqual([Number(flaggedRow.id)]);
    expect(await ids('search=628')).toEqual([Number(pendingRow.id)]);
    expect(await ids(`search=${encodeURIComponent(flagged.phoneNumber.slice(-4))}`)).toEqual([Number(flaggedRow.id)]);
    expect(await ids('search=clean')).toEqual([]);
    expect(await ids('per_page=1&page=2')).toEqual([Number(flaggedRow.id)]);
    // Without company_id the agency sees its own (none of the child's).
    expect((await platform.request('get', DASHBOARD, token).expect(200)).body.data.records).toEqual([]);
    await platform.request('get', `${DASHBOARD}?per_page=101`, token).expect(400);
  });
});

describe('the schedule’s settle hooks', () => {
  const checks = () => platform.app.get(ReputationChecks);
  const queued = async (rowId: string) => (await jobsOf(rowId)).filter((job) => job.status === 'queued');

  it('moves the schedule a day later when its lookup stays pending for good; an on-demand one adds nothing', async () => {
    const company = await platform.company('Pending');
    const pnumber = newNumber(5);
    const id = await custom(company, pnumber);
    await eventually(
      () => jobsOf(id),
      (jobs) => jobs[0]?.attempts === 1,
      { what: 'the first pending attempt' },
    );
    await platform.db.transaction((manager) => checks().gaveUp(manager, { numberId: id, companyId: company, scheduled: false }));
    expect(await queued(id)).toHaveLength(1);
    await platform.db.transaction((manager) => checks().gaveUp(manager, { numberId: id, companyId: company, scheduled: true }));
    // The row's schedule is one job (one durable row per schedule): its next run moves a day later, afresh.
    const jobs = await queued(id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ scheduled: true, attempts: 0, last_error: null });
    expect(jobs[0]!.run_at.getTime() - Date.now()).toBeGreaterThan(86_400_000 - 120_000);
    expect((await rowsOf(company, pnumber))[0]!.status).toBe('In Progress');
  });

  it('drops an answer about a number the row no longer has, and ends the chain of a row that is gone', async () => {
    const company = await platform.company('Stale');
    const pnumber = newNumber(3);
    const id = await custom(company, pnumber);
    const checked = (await rowWhen(company, pnumber, (r) => r?.status === 'Clean', 'first check'))!;
    const before = (await queued(id)).length;
    const stale = {
      pnumber: newNumber(7),
      answers: [{ carrier: 'T-Mobile', flagged: true, label: 'Scam Likely', checkedAt: new Date() }],
    };
    await platform.db.transaction((manager) =>
      checks().record(manager, { numberId: id, companyId: company, scheduled: false }, stale),
    );
    expect((await rowsOf(company, pnumber))[0]).toMatchObject({ status: 'Clean', flagged_carriers: checked.flagged_carriers });
    expect(await queued(id)).toHaveLength(before);
    // The same answer through another company's repository finds no row: nothing is written or scheduled.
    await platform.db.transaction((manager) =>
      checks().record(manager, { numberId: id, companyId: fixture.company.B, scheduled: true }, { ...stale, pnumber }),
    );
    expect((await rowsOf(company, pnumber))[0]!.status).toBe('Clean');
    expect(await queued(id)).toHaveLength(before);
  });
});
