import { CompanyScopedRepository } from '@suite/database';
import { randomUUID } from 'node:crypto';
import { Topics, unanalysedCall, type CallData } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { eventually } from '@suite/testing';
import { CallEntity } from '../calls/call.entity';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import { createTenancyFixture, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';
import { describeEndpointRules } from '../../testing/describe-endpoint-rules';
import type { AgentEntity } from './agent.entity';
import { AgentsService, type AgentInput } from './agents.service';

/** AI agents on real PostgreSQL and Kafka: tenancy, validation, numbers, status, the chatbot picker and assignment, performance. */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('agents');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const b64 = (id: string) => Buffer.from(id).toString('base64');

/** A live (or released) phone number of the company. */
const phoneNumber = (companyId: string, released = false): Promise<PhoneNumberEntity> =>
  platform.phoneNumber(companyId, { released });

/** An agent of the company through the app's service (its events flow). */
async function agent(companyId: string, input: AgentInput = {}): Promise<AgentEntity> {
  return (await platform.app.get(AgentsService).create(companyId, { name: 'Agent', ...input }, null)).agent;
}

const outboxOf = async (subject: string): Promise<string[]> =>
  (
    (await platform.db.query('SELECT type FROM platform.outbox WHERE topic = $1 AND subject = $2 ORDER BY seq', [
      Topics.platformAgent,
      subject,
    ])) as Array<{ type: string }>
  ).map((row) => row.type);

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'post',
    path: '/api/agents',
    permission: 'edit-agents',
    target: async () => ({ body: { name: 'Receptionist' } }),
    status: 201,
    expected: { success: true, message: 'Agent created successfully.', data: { name: 'Receptionist', status: 'offline' } },
  },
  {
    method: 'get',
    path: '/api/agents',
    permission: 'view-agents',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'get',
    path: '/api/agents/{id}',
    permission: 'view-agents',
    target: async (key) => ({ id: (await agent(fixture.company[key], { name: 'Ada' })).id }),
    status: 200,
    expected: { success: true, data: { name: 'Ada' } },
  },
  {
    method: 'put',
    path: '/api/agents/{id}',
    permission: 'edit-agents',
    target: async (key) => ({ id: (await agent(fixture.company[key])).id, body: { name: 'Renamed' } }),
    status: 200,
    expected: { success: true, message: 'Agent updated successfully.', data: { name: 'Renamed' } },
  },
  {
    method: 'delete',
    path: '/api/agents/{id}',
    permission: 'edit-agents',
    target: async (key) => ({ id: (await agent(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, message: 'Agent deleted successfully.' },
  },
  {
    method: 'put',
    path: '/api/agents/{id}/status',
    permission: 'edit-agents',
    target: async (key) => ({ id: (await agent(fixture.company[key])).id, body: { status: 'online' } }),
    status: 200,
    expected: { success: true, message: 'Agent status updated successfully.', data: { status: 'online' } },
  },
  {
    method: 'get',
    path: '/api/phone-numbers/dsi-agents',
    permission: 'view-agents',
    target: async () => ({}),
    status: 200,
    expected: { results: expect.any(Array), pagination: { more: expect.any(Boolean) } },
    acceptsCompanyId: false,
  },
  {
    method: 'put',
    path: '/api/phone-numbers/{id}/agent',
    permission: 'edit-phone-numbers',
    target: async (key) => {
      const number = await phoneNumber(fixture.company[key]);
      const answering = await agent(fixture.company[key], { name: 'Bot' });
      return { id: number.id, body: { agent_id: Number(answering.id) } };
    },
    status: 200,
    expected: { success: true, message: 'Chatbot assigned successfully.', data: { agent_name: 'Bot' } },
  },
];

describeEndpointRules(ENDPOINTS, () => ({ platform, fixture }));

describe('agents', () => {
  it('creates an agent with its numbers (numeric or base64 ids) and a threshold, and publishes agent.created once', async () => {
    const token = await fixture.admin.A.token();
    const inbound = await phoneNumber(fixture.company.A);
    const outbound = await phoneNumber(fixture.company.A);
    const response = await platform
      .request('post', '/api/agents', token)
      .send({
        name: 'Receptionist',
        voice: 'alloy',
        prompt: 'Greet the caller and book a visit.',
        inbound_number_id: Number(inbound.id),
        outbound_number_id: b64(outbound.id),
        performance: { min_success_rate: 0.61234, window: 20 },
      })
      .expect(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Agent created successfully.',
      data: {
        id: expect.any(Number),
        name: 'Receptionist',
        voice: 'alloy',
        prompt: 'Greet the caller and book a visit.',
        active: true,
        status: 'offline',
        inbound_number_id: Number(inbound.id),
        outbound_number_id: Number(outbound.id),
        inbound_number: inbound.phoneNumber,
        outbound_number: outbound.phoneNumber,
        performance: { min_success_rate: 0.6123, window: 20 },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const id = String(response.body.data.id);
    expect(await outboxOf(id)).toEqual(['agent.created']);
    expect(await platform.lastEvent(Topics.platformAgent, id)).toMatchObject({
      type: 'agent.created',
      data: {
        id,
        company_id: fixture.company.A,
        inbound_number_id: inbound.id,
        outbound_number_id: outbound.id,
        min_success_rate: 0.6123,
        performance_window: 20,
        changed_by: fixture.admin.A.id,
      },
    });
    const fetched = await platform.request('get', `/api/agents/${b64(id)}`, token).expect(200);
    expect(fetched.body.data).toEqual(response.body.data);
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name of 256 characters', { name: 'n'.repeat(256) }, 'name'],
    ['a voice of 65 characters', { name: 'A', voice: 'v'.repeat(65) }, 'voice'],
    ['a prompt over 20,000 characters', { name: 'A', prompt: 'p'.repeat(20_001) }, 'prompt'],
    ['a success rate above 1', { name: 'A', performance: { min_success_rate: 1.5, window: 10 } }, 'performance'],
    ['a window of 0', { name: 'A', performance: { min_success_rate: 0.5, window: 0 } }, 'performance'],
    ['a window of 1e308', { name: 'A', performance: { min_success_rate: 0.5, window: 1e308 } }, 'performance'],
    ['a threshold with an unknown key', { name: 'A', performance: { min_success_rate: 0.5, window: 5, x: 1 } }, 'performance'],
    ['a threshold without its window', { name: 'A', performance: { min_success_rate: 0.5 } }, 'performance'],
    ['active as text', { name: 'A', active: 'yes' }, 'active'],
    ['a number id of 1e308', { name: 'A', inbound_number_id: 1e308 }, 'inbound_number_id'],
  ])('refuses %s with 400 by field and creates nothing', async (_name, body, field) => {
    const token = await fixture.admin.A.token();
    const before = await platform.db.query('SELECT count(*)::int AS n FROM platform.agents');
    const response = await platform.request('post', '/api/agents', token).send(body).expect(400);
    expect(response.body).toEqual({
      success: false,
      message: expect.any(String),
      errors: expect.objectContaining({ [field]: expect.any(Array) }),
    });
    expect(await platform.db.query('SELECT count(*)::int AS n FROM platform.agents')).toEqual(before);
  });

  it('refuses a number of another company, a released one or one that names nothing with 422 naming the field', async () => {
    const token = await fixture.admin.A.token();
    const foreign = await phoneNumber(fixture.company.B);
    const released = await phoneNumber(fixture.company.A, true);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ inbound_number_id: Number(foreign.id) }, 'inbound_number_id'],
      [{ outbound_number_id: b64(foreign.id) }, 'outbound_number_id'],
      [{ inbound_number_id: released.id }, 'inbound_number_id'],
      [{ outbound_number_id: 'not-an-id' }, 'outbound_number_id'],
    ];
    for (const [fields, field] of cases) {
      const response = await platform
        .request('post', '/api/agents', token)
        .send({ name: 'A', ...fields })
        .expect(422);
      expect(response.body).toEqual({
        success: false,
        message: expect.stringContaining(field),
        errors: { [field]: expect.any(Array) },
      });
    }
    const own = await agent(fixture.company.A);
    const update = await platform
      .request('put', `/api/agents/${own.id}`, token)
      .send({ outbound_number_id: Number(foreign.id) })
      .expect(422);
    expect(update.body.errors).toHaveProperty('outbound_number_id');
  });

  it('lets one agent answer a number: a second one is 409 and changes nothing', async () => {
    const token = await fixture.admin.A.token();
    const number = await phoneNumber(fixture.company.A);
    const first = await agent(fixture.company.A, { inboundNumberId: number.id });
    const second = await platform
      .request('post', '/api/agents', token)
      .send({ name: 'Second', inbound_number_id: Number(number.id) })
      .expect(409);
    expect(second.body).toEqual({
      success: false,
      message: expect.stringContaining('already answers'),
      errors: { inbound_number_id: expect.any(Array) },
    });
    const other = await agent(fixture.company.A);
    await platform
      .request('put', `/api/agents/${other.id}`, token)
      .send({ inbound_number_id: Number(number.id) })
      .expect(409);
    // Its own number again is no conflict; another agent may still call from it.
    await platform
      .request('put', `/api/agents/${first.id}`, token)
      .send({ inbound_number_id: Number(number.id) })
      .expect(200);
    await platform
      .request('put', `/api/agents/${other.id}`, token)
      .send({ outbound_number_id: Number(number.id) })
      .expect(200);
  });

  it('gives a number to one of two agents created at once: the other is 409, never a 500', async () => {
    const token = await fixture.admin.A.token();
    const number = await phoneNumber(fixture.company.A);
    const create = (name: string) =>
      platform.request('post', '/api/agents', token).send({ name, inbound_number_id: Number(number.id) });
    const answers = await Promise.all([create('Racer 1'), create('Racer 2'), create('Racer 3')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(
      await platform.db.query(
        'SELECT count(*)::int AS n FROM platform.agents WHERE inbound_number_id = $1 AND deleted_at IS NULL',
        [number.id],
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('updates only the fields sent (null clears) and publishes agent.updated only when something changed', async () => {
    const token = await fixture.admin.A.token();
    const number = await phoneNumber(fixture.company.A);
    const own = await agent(fixture.company.A, {
      name: 'Old',
      voice: 'alloy',
      inboundNumberId: number.id,
      performance: { minSuccessRate: 0.5, window: 10 },
    });
    const response = await platform
      .request('put', `/api/agents/${own.id}`, token)
      .send({ name: 'New', voice: null, performance: null })
      .expect(200);
    expect(response.body.data).toMatchObject({
      name: 'New',
      voice: null,
      performance: null,
      inbound_number_id: Number(number.id),
      inbound_number: number.phoneNumber,
    });
    expect(await outboxOf(own.id)).toEqual(['agent.created', 'agent.updated']);
    expect((await platform.lastEvent(Topics.platformAgent, own.id)).data).toMatchObject({
      name: 'New',
      voice: null,
      min_success_rate: null,
      performance_window: null,
    });
    await platform
      .request('put', `/api/agents/${own.id}`, token)
      .send({ name: 'New', voice: null, performance: null })
      .expect(200);
    await platform.request('put', `/api/agents/${own.id}`, token).send({}).expect(200);
    expect(await outboxOf(own.id)).toEqual(['agent.created', 'agent.updated']);
    const freed = await platform.request('put', `/api/agents/${own.id}`, token).send({ inbound_number_id: null }).expect(200);
    expect(freed.body.data).toMatchObject({ inbound_number_id: null, inbound_number: null });
  });

  it('goes online and offline with agent.status_changed exactly once per change; an inactive agent cannot go online', async () => {
    const token = await fixture.admin.A.token();
    const own = await agent(fixture.company.A);
    const online = await platform.request('put', `/api/agents/${own.id}/status`, token).send({ status: 'online' }).expect(200);
    expect(online.body.data.status).toBe('online');
    await platform.request('put', `/api/agents/${own.id}/status`, token).send({ status: 'online' }).expect(200);
    expect(await outboxOf(own.id)).toEqual(['agent.created', 'agent.status_changed']);
    expect(await platform.lastEvent(Topics.platformAgent, own.id)).toMatchObject({
      type: 'agent.status_changed',
      data: { status: 'online', previous_status: 'offline' },
    });
    // Deactivating takes it offline too.
    const inactive = await platform.request('put', `/api/agents/${own.id}`, token).send({ active: false }).expect(200);
    expect(inactive.body.data).toMatchObject({ active: false, status: 'offline' });
    expect(await outboxOf(own.id)).toEqual(['agent.created', 'agent.status_changed', 'agent.updated', 'agent.status_changed']);
    expect(await platform.lastEvent(Topics.platformAgent, own.id)).toMatchObject({
      data: { status: 'offline', previous_status: 'online', active: false },
    });
    const refused = await platform.request('put', `/api/agents/${own.id}/status`, token).send({ status: 'online' }).expect(422);
    expect(refused.body).toEqual({
      success: false,
      message: 'An inactive agent cannot go online: activate it first.',
      errors: { status: expect.any(Array) },
    });
    await platform.request('put', `/api/agents/${own.id}/status`, token).send({ status: 'busy' }).expect(400);
    expect(await outboxOf(own.id)).toHaveLength(4);
  });

  it('lists by name with search (wildcards literal), status and active filters', async () => {
    const company = await platform.company('Listing');
    const admin = await platform.actor(company, ['view-agents']);
    await agent(company, { name: 'Zed' });
    const online = await agent(company, { name: 'Amy_100%' });
    await platform.app.get(AgentsService).setStatus(company, online.id, 'online', null);
    await agent(company, { name: 'Bob', active: false });
    const token = await admin.token();
    const names = async (query: string) =>
      (await platform.request('get', `/api/agents?${query}`, token).expect(200)).body.data.records.map(
        (row: { name: string }) => row.name,
      );
    expect(await names('')).toEqual(['Amy_100%', 'Bob', 'Zed']);
    expect(await names('search=_100%25')).toEqual(['Amy_100%']);
    expect(await names('search=%25')).toEqual(['Amy_100%']);
    expect(await names('status=online')).toEqual(['Amy_100%']);
    expect(await names('status=offline&active=true')).toEqual(['Zed']);
    expect(await names('active=false')).toEqual(['Bob']);
    expect(await names('status=All&per_page=2&page=2')).toEqual(['Zed']);
    const listed = await platform.request('get', '/api/agents?per_page=2', token).expect(200);
    expect(listed.body.data.pagination).toMatchObject({ total: 3, per_page: 2, current_page: 1 });
    for (const bad of ['status=busy', 'active=yes', 'per_page=101', `search=${'s'.repeat(256)}`]) {
      await platform.request('get', `/api/agents?${bad}`, token).expect(400);
    }
  });

  it('deletes an agent softly: gone from the API, its numbers freed for another agent, agent.deleted published', async () => {
    const token = await fixture.admin.A.token();
    const number = await phoneNumber(fixture.company.A);
    const own = await agent(fixture.company.A, { inboundNumberId: number.id });
    await platform.request('delete', `/api/agents/${own.id}`, token).expect(200);
    await platform.request('get', `/api/agents/${own.id}`, token).expect(404);
    await platform.request('delete', `/api/agents/${own.id}`, token).expect(404);
    expect(await platform.lastEvent(Topics.platformAgent, own.id)).toMatchObject({
      type: 'agent.deleted',
      data: { id: own.id, inbound_number_id: null, status: 'offline' },
    });
    expect(await platform.db.query('SELECT deleted_at IS NOT NULL AS gone FROM platform.agents WHERE id = $1', [own.id])).toEqual(
      [{ gone: true }],
    );
    await platform
      .request('post', '/api/agents', token)
      .send({ name: 'Heir', inbound_number_id: Number(number.id) })
      .expect(201);
  });
});

describe('a released number', () => {
  it('is let go by the agents that answered or called from it (agent.updated each), once', async () => {
    const company = fixture.company.A;
    const number = await phoneNumber(company);
    const kept = await phoneNumber(company);
    const answering = await agent(company, { inboundNumberId: number.id, outboundNumberId: kept.id });
    const calling = await agent(company, { outboundNumberId: number.id });
    const bystander = await agent(company, { inboundNumberId: kept.id });
    const releasedAt = new Date();
    await CompanyScopedRepository.of(platform.db, PhoneNumberEntity, company).update({ id: number.id }, { releasedAt });
    // Announced the way the phone-numbers feature does, twice: a redelivery changes nothing more.
    for (let i = 0; i < 2; i += 1) {
      await platform.db.transaction((manager) =>
        platform.app.get(Outbox).append(
          manager,
          newEvent('phone_number.released', {
            companyId: company,
            subject: number.id,
            data: {
              id: number.id,
              company_id: company,
              phone_number: number.phoneNumber,
              capabilities: number.capabilities,
              purchased_at: number.purchasedAt.toISOString(),
              released_at: releasedAt.toISOString(),
              changed_by: fixture.admin.A.id,
            },
          }),
        ),
      );
    }
    await eventually(
      () => outboxOf(calling.id),
      (types) => types.length === 2,
      { what: 'the calling agent to let go' },
    );
    await eventually(
      () => outboxOf(answering.id),
      (types) => types.length === 2,
      { what: 'the answering agent to let go' },
    );
    const token = await fixture.admin.A.token();
    expect((await platform.request('get', `/api/agents/${answering.id}`, token).expect(200)).body.data).toMatchObject({
      inbound_number_id: null,
      outbound_number_id: Number(kept.id),
    });
    expect((await platform.request('get', `/api/agents/${calling.id}`, token).expect(200)).body.data).toMatchObject({
      outbound_number_id: null,
    });
    expect(await platform.lastEvent(Topics.platformAgent, calling.id)).toMatchObject({
      type: 'agent.updated',
      data: { outbound_number_id: null, changed_by: fixture.admin.A.id },
    });
    // The second announcement is handled after the first (one partition): once it is, nothing more was published.
    await eventually(
      async () =>
        (
          await platform.db.query('SELECT count(*)::int AS n FROM platform.inbox WHERE type = $1 AND subject = $2', [
            'phone_number.released',
            number.id,
          ])
        )[0].n,
      (n) => n === 2,
      { what: 'both announcements handled' },
    );
    expect(await outboxOf(answering.id)).toEqual(['agent.created', 'agent.updated']);
    expect(await outboxOf(calling.id)).toEqual(['agent.created', 'agent.updated']);
    expect(await outboxOf(bystander.id)).toEqual(['agent.created']);
  });
});

describe('GET /api/phone-numbers/dsi-agents', () => {
  let company: string;
  let token: string;
  const made: AgentEntity[] = [];

  beforeAll(async () => {
    company = await platform.company('Picker');
    token = await (await platform.actor(company, ['view-agents'])).token();
    // 17 active agents named so that name order differs from id order, plus two that are not offered.
    for (let i = 17; i >= 1; i -= 1) made.push(await agent(company, { name: `Agent ${String(i).padStart(2, '0')}` }));
    made.push(await agent(company, { name: 'Agent 05' })); // a tie on name: id breaks it
    await agent(company, { name: 'Agent 00 inactive', active: false });
    const deleted = await agent(company, { name: 'Agent 00 deleted' });
    await platform.app.get(AgentsService).delete(company, deleted.id, null);
  });

  const pick = (query = '') => platform.request('get', `/api/phone-numbers/dsi-agents${query}`, token).expect(200);

  it('pages active agents 15 at a time by name then id, with more while rows follow', async () => {
    const first = await pick();
    expect(Object.keys(first.body)).toEqual(['results', 'pagination']);
    expect(first.body.results).toHaveLength(15);
    expect(first.body.pagination).toEqual({ more: true });
    const fives = made.filter((row) => row.name === 'Agent 05').map((row) => Number(row.id));
    expect(first.body.results.slice(0, 6)).toEqual([
      { id: expect.any(Number), text: 'Agent 01' },
      { id: expect.any(Number), text: 'Agent 02' },
      { id: expect.any(Number), text: 'Agent 03' },
      { id: expect.any(Number), text: 'Agent 04' },
      { id: Math.min(...fives), text: 'Agent 05' },
      { id: Math.max(...fives), text: 'Agent 05' },
    ]);
    const second = await pick('?page=2');
    expect(second.body).toEqual({
      results: [
        { id: expect.any(Number), text: 'Agent 15' },
        { id: expect.any(Number), text: 'Agent 16' },
        { id: expect.any(Number), text: 'Agent 17' },
      ],
      pagination: { more: false },
    });
    expect((await pick('?page=3')).body).toEqual({ results: [], pagination: { more: false } });
  });

  it('matches part of the name with q (wildcards literal) and gives one agent by id in any spelling', async () => {
    expect((await pick('?q=gent%201')).body.results.map((row: { text: string }) => row.text)).toEqual([
      'Agent 10',
      'Agent 11',
      'Agent 12',
      'Agent 13',
      'Agent 14',
      'Agent 15',
      'Agent 16',
      'Agent 17',
    ]);
    expect((await pick('?q=%25')).body.results).toEqual([]);
    expect((await pick('?q=inactive')).body.results).toEqual([]);
    const one = made[0]!;
    for (const spelling of [one.id, b64(one.id), platform.codec.encrypt(one.id)]) {
      expect((await pick(`?id=${encodeURIComponent(spelling)}`)).body).toEqual({
        results: [{ id: Number(one.id), text: one.name }],
        pagination: { more: false },
      });
    }
    const foreign = await agent(fixture.company.B);
    for (const unknown of [foreign.id, 'nope', '999999999']) {
      expect((await pick(`?id=${unknown}`)).body).toEqual({ results: [], pagination: { more: false } });
    }
  });

  it('refuses bad parameters with 400', async () => {
    for (const bad of ['page=0', 'page=1e308', `q=${'q'.repeat(256)}`, 'per_page=5', 'company_id=1']) {
      await platform.request('get', `/api/phone-numbers/dsi-agents?${bad}`, token).expect(400);
    }
  });
});

describe('PUT /api/phone-numbers/{id}/agent', () => {
  it('moves the inbound number from one agent to another, publishing agent.updated for each', async () => {
    const token = await fixture.admin.A.token();
    const number = await phoneNumber(fixture.company.A);
    const previousNumber = await phoneNumber(fixture.company.A);
    const before = await agent(fixture.company.A, { name: 'Before', inboundNumberId: number.id });
    const after = await agent(fixture.company.A, { name: 'After', inboundNumberId: previousNumber.id });
    const response = await platform
      .request('put', `/api/phone-numbers/${b64(number.id)}/agent`, token)
      .send({ agent_id: b64(after.id) })
      .expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Chatbot assigned successfully.',
      data: {
        phone_number_id: Number(number.id),
        phone_number: number.phoneNumber,
        agent_id: Number(after.id),
        agent_name: 'After',
      },
    });
    expect(await outboxOf(before.id)).toEqual(['agent.created', 'agent.updated']);
    expect((await platform.lastEvent(Topics.platformAgent, before.id)).data).toMatchObject({ inbound_number_id: null });
    expect(await outboxOf(after.id)).toEqual(['agent.created', 'agent.updated']);
    expect((await platform.lastEvent(Topics.platformAgent, after.id)).data).toMatchObject({ inbound_number_id: number.id });
    expect((await platform.request('get', `/api/agents/${after.id}`, token).expect(200)).body.data).toMatchObject({
      inbound_number_id: Number(number.id),
      inbound_number: number.phoneNumber,
    });
    // The same assignment again changes nothing.
    await platform
      .request('put', `/api/phone-numbers/${number.id}/agent`, token)
      .send({ agent_id: Number(after.id) })
      .expect(200);
    expect(await outboxOf(after.id)).toEqual(['agent.created', 'agent.updated']);
    // null unassigns.
    const cleared = await platform
      .request('put', `/api/phone-numbers/${number.id}/agent`, token)
      .send({ agent_id: null })
      .expect(200);
    expect(cleared.body.data).toEqual({
      phone_number_id: Number(number.id),
      phone_number: number.phoneNumber,
      agent_id: null,
      agent_name: null,
    });
    expect((await platform.lastEvent(Topics.platformAgent, after.id)).data).toMatchObject({ inbound_number_id: null });
  });

  it('refuses an inactive, deleted, foreign or unknown agent with 422 by field, and a missing agent_id with 400', async () => {
    const token = await fixture.admin.A.token();
    const number = await phoneNumber(fixture.company.A);
    const inactive = await agent(fixture.company.A, { active: false });
    const deleted = await agent(fixture.company.A);
    await platform.app.get(AgentsService).delete(fixture.company.A, deleted.id, null);
    const foreign = await agent(fixture.company.B);
    for (const agentId of [Number(inactive.id), deleted.id, Number(foreign.id), 'nope']) {
      const response = await platform
        .request('put', `/api/phone-numbers/${number.id}/agent`, token)
        .send({ agent_id: agentId })
        .expect(422);
      expect(response.body).toEqual({
        success: false,
        message: 'agent_id must be an active agent of the company.',
        errors: { agent_id: expect.any(Array) },
      });
    }
    await platform.request('put', `/api/phone-numbers/${number.id}/agent`, token).send({}).expect(400);
    await platform.request('put', `/api/phone-numbers/${number.id}/agent`, token).send({ agent_id: 1e308 }).expect(400);
    const released = await phoneNumber(fixture.company.A, true);
    const own = await agent(fixture.company.A);
    await platform
      .request('put', `/api/phone-numbers/${released.id}/agent`, token)
      .send({ agent_id: Number(own.id) })
      .expect(404);
  });
});

describe('performance thresholds', () => {
  /** Ended calls of the agent, oldest first, a minute apart, ending before `now`. */
  async function endedCalls(
    companyId: string,
    agentId: string,
    outcomes: Array<boolean | null>,
    now = Date.now(),
  ): Promise<CallEntity[]> {
    const calls = CompanyScopedRepository.of(platform.db, CallEntity, companyId);
    const rows: CallEntity[] = [];
    for (const [index, successful] of outcomes.entries()) {
      const endedAt = new Date(now - (outcomes.length - index) * 60_000);
      rows.push(
        await calls.save(
          calls.create({
            provider: 'sandbox',
            callId: `CA${randomUUID().replaceAll('-', '')}`,
            direction: 'inbound',
            callerNumber: '+14155550100',
            calledNumber: '+12125550100',
            agentId,
            status: 'completed',
            durationSeconds: 30,
            callSuccessful: successful,
            startedAt: new Date(endedAt.getTime() - 30_000),
            answeredAt: new Date(endedAt.getTime() - 29_000),
            endedAt,
          }),
        ),
      );
    }
    return rows;
  }

  /** Announces the end of `call` the way the calls feature does: call.ended through the outbox. */
  async function announceEnded(call: CallEntity): Promise<void> {
    const data: CallData = {
      call_id: call.callId,
      company_id: call.companyId,
      agent_id: call.agentId,
      caller_number: call.callerNumber,
      called_number: call.calledNumber,
      call_duration: call.durationSeconds,
      call_status: call.status,
      call_direction: call.direction,
      ...unanalysedCall(),
      call_successful: call.callSuccessful,
      hangup_reason: null,
      contact_id: null,
      campaign_id: null,
      started_at: call.startedAt.toISOString(),
      answered_at: call.answeredAt?.toISOString() ?? null,
      ended_at: call.endedAt?.toISOString() ?? null,
    };
    await platform.db.transaction((manager) =>
      platform.app.get(Outbox).append(manager, newEvent('call.ended', { companyId: call.companyId, subject: call.callId, data })),
    );
  }

  /**
   * Waits until the platform has handled the `call.ended` of `call` (its inbox row). The judgement
   * reads the calls as they stand when the event is handled, so a test that writes later calls
   * first waits for the earlier end to be judged.
   */
  const judged = (call: CallEntity) =>
    eventually(
      async () =>
        (
          (await platform.db.query("SELECT count(*)::int AS n FROM platform.inbox WHERE type = 'call.ended' AND subject = $1", [
            call.callId,
          ])) as Array<{ n: number }>
        )[0]!.n,
      (n) => n > 0,
      { what: `the end of ${call.callId} to be handled` },
    );

  const performanceEvents = async (agentId: string) =>
    (
      (await platform.db.query(
        "SELECT envelope->'data' AS data FROM platform.outbox WHERE topic = $1 AND subject = $2 AND type = 'agent.performance' ORDER BY seq",
        [Topics.platformAgent, agentId],
      )) as Array<{ data: Record<string, unknown> }>
    ).map((row) => row.data);

  const stateOf = async (agentId: string): Promise<string | null> =>
    (await platform.db.query('SELECT performance_state FROM platform.agents WHERE id = $1', [agentId]))[0].performance_state;

  it('raises below_threshold once when the rate falls under the minimum, and recovered once when it comes back', async () => {
    const company = fixture.company.A;
    const own = await agent(company, { name: 'Judged', performance: { minSuccessRate: 0.5, window: 4 } });

    // 3 of 4 successful: at or above, remembered silently.
    const good = await endedCalls(company, own.id, [true, true, true, false], Date.now() - 3_600_000);
    await announceEnded(good.at(-1)!);
    await eventually(
      () => stateOf(own.id),
      (state) => state === 'recovered',
      { what: 'the first evaluation' },
    );
    expect(await performanceEvents(own.id)).toEqual([]);

    // Two failures: the last 4 are true, false, false, false → 0.25 < 0.5.
    const [, fell] = await endedCalls(company, own.id, [false, false], Date.now() - 1_800_000);
    await announceEnded(fell!);
    const [below] = await eventually(
      () => performanceEvents(own.id),
      (events) => events.length === 1,
      { what: 'agent.performance below' },
    );
    expect(below).toEqual({
      agent_id: own.id,
      company_id: company,
      name: 'Judged',
      state: 'below_threshold',
      success_rate: 0.25,
      min_success_rate: 0.5,
      window: 4,
      calls_considered: 4,
      successful_calls: 1,
      call_id: fell!.callId,
      at: expect.any(String),
    });
    expect(await platform.lastEvent(Topics.platformAgent, own.id)).toMatchObject({
      type: 'agent.performance',
      data: { state: 'below_threshold' },
    });

    // Still below after another failure: nothing new.
    const [still] = await endedCalls(company, own.id, [false], Date.now() - 1_200_000);
    await announceEnded(still!);
    await judged(still!);
    // Back up: true, true after false, false → last 4 = false, false, true, true = 0.5 ≥ 0.5.
    const [, back] = await endedCalls(company, own.id, [true, true], Date.now() - 600_000);
    await announceEnded(back!);
    const events = await eventually(
      () => performanceEvents(own.id),
      (found) => found.length >= 2,
      { what: 'agent.performance recovered' },
    );
    expect(events.map((event) => event.state)).toEqual(['below_threshold', 'recovered']);
    expect(events[1]).toMatchObject({ success_rate: 0.5, calls_considered: 4, successful_calls: 2, call_id: back!.callId });
    expect(await stateOf(own.id)).toBe('recovered');
  });

  it('first evaluation below the minimum is news; an agent without a threshold is never judged', async () => {
    const company = fixture.company.A;
    const judged = await agent(company, { performance: { minSuccessRate: 0.9, window: 10 } });
    const unjudged = await agent(company);
    const [judgedCall] = await endedCalls(company, judged.id, [null]);
    const [unjudgedCall] = await endedCalls(company, unjudged.id, [false]);
    await announceEnded(unjudgedCall!);
    await announceEnded(judgedCall!);
    const [event] = await eventually(
      () => performanceEvents(judged.id),
      (found) => found.length === 1,
      { what: 'agent.performance' },
    );
    expect(event).toMatchObject({ state: 'below_threshold', success_rate: 0, calls_considered: 1, successful_calls: 0 });
    expect(await performanceEvents(unjudged.id)).toEqual([]);
    expect(await stateOf(unjudged.id)).toBeNull();
  });
});
