import { Topics } from '@suite/contracts';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';

/** The CRM's contacts on real PostgreSQL and Kafka: tenancy, validation, normalisation, events, placement. */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('contacts');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const b64 = (id: string) => Buffer.from(id).toString('base64');
const numeric = (base64: string) => Buffer.from(base64, 'base64').toString();

const outboxOf = async (subject: string): Promise<string[]> =>
  (
    (await platform.db.query('SELECT type FROM platform.outbox WHERE topic = $1 AND subject = $2 ORDER BY seq', [
      Topics.platformContact,
      subject,
    ])) as Array<{ type: string }>
  ).map((row) => row.type);

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'post',
    path: '/api/contacts',
    permission: 'edit-contacts',
    target: async () => ({ body: { first_name: 'Ada' } }),
    status: 201,
    expected: { success: true, message: 'Contact created successfully.', data: { first_name: 'Ada' } },
  },
  {
    method: 'get',
    path: '/api/contacts',
    permission: 'view-contacts',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'get',
    path: '/api/contacts/{id}',
    permission: 'view-contacts',
    target: async (key) => ({ id: (await platform.contact(fixture.company[key], { firstName: 'Ada' })).id }),
    status: 200,
    expected: { success: true, data: { first_name: 'Ada' } },
  },
  {
    method: 'put',
    path: '/api/contacts/{id}',
    permission: 'edit-contacts',
    target: async (key) => ({ id: (await platform.contact(fixture.company[key])).id, body: { last_name: 'Lovelace' } }),
    status: 200,
    expected: { success: true, message: 'Contact updated successfully.', data: { last_name: 'Lovelace' } },
  },
  {
    method: 'delete',
    path: '/api/contacts/{id}',
    permission: 'edit-contacts',
    target: async (key) => ({ id: (await platform.contact(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, message: 'Contact deleted successfully.' },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('contacts', () => {
  it('creates a lead with a normalised phone, a lower-cased source and its fields, and publishes crm_contact.created once', async () => {
    const token = await fixture.admin.A.token();
    const response = await platform
      .request('post', '/api/contacts', token)
      .send({
        first_name: 'Grace',
        last_name: 'Hopper',
        phone: '(415) 555-0123',
        email: 'grace@example.com',
        source: 'Facebook',
        assigned_to: Number(fixture.admin.A.id),
        tags: ['vip', 'navy'],
        custom_fields: { budget: 5000, plan: 'pro', newsletter: true, note: null },
      })
      .expect(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Contact created successfully.',
      data: {
        id: expect.any(String),
        first_name: 'Grace',
        last_name: 'Hopper',
        phone: '+14155550123',
        email: 'grace@example.com',
        source: 'facebook',
        assigned_to: Number(fixture.admin.A.id),
        tags: ['vip', 'navy'],
        custom_fields: { budget: 5000, plan: 'pro', newsletter: true, note: null },
        pipelines: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const id = numeric(response.body.data.id);
    expect(await outboxOf(id)).toEqual(['crm_contact.created']);
    expect(await platform.lastEvent(Topics.platformContact, id)).toMatchObject({
      type: 'crm_contact.created',
      data: { id, first_name: 'Grace', phone: '+14155550123', source: 'facebook', changed_by: fixture.admin.A.id },
    });
  });

  it.each([
    ['a missing first_name', { last_name: 'X' }, 'first_name'],
    ['a blank first_name', { first_name: '   ' }, 'first_name'],
    ['a phone that cannot exist', { first_name: 'A', phone: '+1 555 555 0123' }, 'phone'],
    ['an email that is not one', { first_name: 'A', email: 'nope' }, 'email'],
    ['a source with spaces', { first_name: 'A', source: 'paid social' }, 'source'],
    ['a huge assigned_to', { first_name: 'A', assigned_to: 1e308 }, 'assigned_to'],
    ['nested custom fields', { first_name: 'A', custom_fields: { a: { b: 1 } } }, 'custom_fields'],
    ['too many tags', { first_name: 'A', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags'],
    ['a pipeline without a stage', { first_name: 'A', pipeline_id: 1 }, 'stage_id'],
  ])('refuses %s with 400 by field and creates nothing', async (_name, body, field) => {
    const token = await fixture.admin.A.token();
    const before = await platform.db.query('SELECT count(*)::int AS n FROM platform.contacts');
    const response = await platform.request('post', '/api/contacts', token).send(body).expect(400);
    expect(response.body.errors).toHaveProperty(field);
    expect(await platform.db.query('SELECT count(*)::int AS n FROM platform.contacts')).toEqual(before);
  });

  it('refuses references outside the company with 422 by field: a user or a stage of another company', async () => {
    const token = await fixture.admin.A.token();
    const foreignUser = await platform
      .request('post', '/api/contacts', token)
      .send({ first_name: 'A', assigned_to: Number(fixture.admin.B.id) })
      .expect(422);
    expect(foreignUser.body.errors).toHaveProperty('assigned_to');
    const foreign = await platform.pipeline(fixture.company.B);
    const foreignStage = await platform
      .request('post', '/api/contacts', token)
      .send({ first_name: 'A', pipeline_id: b64(foreign.id), stage_id: b64(foreign.stages[0]!.id) })
      .expect(422);
    expect(foreignStage.body).toEqual({
      success: false,
      message: 'pipeline_id must be a pipeline of the company. stage_id must be a stage of the company.',
      errors: { pipeline_id: ['not a pipeline of the company'], stage_id: ['not a stage of the company'] },
    });
    const own = await platform.pipeline(fixture.company.A);
    const mismatched = await platform
      .request('post', '/api/contacts', token)
      .send({ first_name: 'A', pipeline_id: own.id, stage_id: foreign.stages[0]!.id })
      .expect(422);
    expect(mismatched.body.errors).toEqual({ stage_id: ['not a stage of the company'] });
    // Decision 0042: each field named on its own — a foreign pipeline with an own stage, ids of
    // nothing, undecodable ones; and a stage of the company but of another pipeline.
    const other = await platform.pipeline(fixture.company.A);
    for (const [body, errors] of [
      [{ pipeline_id: foreign.id, stage_id: own.stages[0]!.id }, { pipeline_id: ['not a pipeline of the company'] }],
      [
        { pipeline_id: '99999999999', stage_id: '99999999998' },
        { pipeline_id: ['not a pipeline of the company'], stage_id: ['not a stage of the company'] },
      ],
      [{ pipeline_id: 'bm9wZQ==', stage_id: own.stages[0]!.id }, { pipeline_id: ['not a pipeline of the company'] }],
      [{ pipeline_id: own.id, stage_id: 'enc_AAAA' }, { stage_id: ['not a stage of the company'] }],
      [
        { pipeline_id: own.id, stage_id: other.stages[0]!.id },
        { stage_id: ['not a stage of the pipeline named by pipeline_id'] },
      ],
    ] as const) {
      const before = await platform.db.query('SELECT count(*)::int AS n FROM platform.contacts');
      const response = await platform.request('post', '/api/contacts', token).send({ first_name: 'A', ...body });
      expect({ body, status: response.status, errors: response.body.errors }).toEqual({ body, status: 422, errors });
      expect(await platform.db.query('SELECT count(*)::int AS n FROM platform.contacts')).toEqual(before);
    }
  });

  it('creates a contact on lists in any spelling: on them, and crm_contact.created and list.contacts_added say so', async () => {
    const token = await fixture.admin.A.token();
    const [spring, autumn] = [await platform.list(fixture.company.A), await platform.list(fixture.company.A)];
    const response = await platform
      .request('post', '/api/contacts', token)
      .send({ first_name: 'Ada', list_ids: [b64(spring), Number(autumn), spring] })
      .expect(201);
    const id = numeric(response.body.data.id);
    expect(await platform.lastEvent(Topics.platformContact, id)).toMatchObject({
      type: 'crm_contact.created',
      data: { id, list_ids: [spring, autumn].sort((a, b) => Number(a) - Number(b)) },
    });
    for (const list of [spring, autumn]) {
      expect(await platform.lastEvent(Topics.platformList, list)).toEqual({
        type: 'list.contacts_added',
        data: { id: list, company_id: fixture.company.A, contact_ids: [id], changed_by: fixture.admin.A.id },
      });
    }
    const lists = await platform.request('get', '/api/lists', token).expect(200);
    const counts = lists.body.data.filter((row: { id: string }) => [b64(spring), b64(autumn)].includes(row.id));
    expect(counts.map((row: { contacts_count: number }) => row.contacts_count)).toEqual([1, 1]);
  });

  it('refuses lists outside the company with 422 by field, naming them, and creates nothing', async () => {
    const token = await fixture.admin.A.token();
    const own = await platform.list(fixture.company.A);
    const foreign = await platform.list(fixture.company.B);
    const before = await platform.db.query('SELECT count(*)::int AS n FROM platform.contacts');
    const response = await platform
      .request('post', '/api/contacts', token)
      .send({ first_name: 'A', list_ids: [b64(own), b64(foreign), 'nope', 99_999_999] })
      .expect(422);
    expect(response.body).toEqual({
      success: false,
      message: 'list_ids must be lists of the company.',
      errors: { list_ids: [`not lists of the company: ${b64(foreign)}, nope, 99999999`] },
    });
    expect(await platform.db.query('SELECT count(*)::int AS n FROM platform.contacts')).toEqual(before);
    const tooMany = await platform
      .request('post', '/api/contacts', token)
      .send({ first_name: 'A', list_ids: Array.from({ length: 51 }, (_, index) => index + 1) })
      .expect(400);
    expect(tooMany.body.errors).toHaveProperty('list_ids');
  });

  it('places a new contact in a stage: counted, recorded and published as placed', async () => {
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(fixture.company.A);
    const stage = pipeline.stages[1]!;
    const response = await platform
      .request('post', '/api/contacts', token)
      .send({ first_name: 'Placed', pipeline_id: b64(pipeline.id), stage_id: b64(stage.id) })
      .expect(201);
    const id = numeric(response.body.data.id);
    expect(response.body.data.pipelines).toEqual([
      {
        pipeline_id: b64(pipeline.id),
        pipeline_name: 'Sales',
        stage_id: b64(stage.id),
        stage_name: 'Contacted',
        pipe_stage_id: expect.any(Number),
      },
    ]);
    const listed = await platform.request('get', '/api/pipeline', token).expect(200);
    const mine = listed.body.data.find((row: { id: string }) => row.id === b64(pipeline.id));
    expect(mine.stages.map((row: { contacts_count: number }) => row.contacts_count)).toEqual([0, 1, 0]);
    expect(await platform.lastEvent(Topics.platformPipeline, id)).toMatchObject({
      type: 'pipeline.contact_moved',
      data: { contact_id: id, from_stage_id: null, to_stage_id: stage.id, reason: 'placed' },
    });
    expect(
      await platform.db.query(
        'SELECT from_stage_id, to_stage_id::text, reason FROM platform.pipeline_stage_changes WHERE contact_id = $1',
        [id],
      ),
    ).toEqual([{ from_stage_id: null, to_stage_id: stage.id, reason: 'placed' }]);
  });

  it('updates only the fields sent (null clears), re-assigns the contact in its pipelines, and publishes crm_contact.updated', async () => {
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(fixture.company.A);
    const contact = await platform.contact(
      fixture.company.A,
      { firstName: 'Old', email: 'old@example.com', phone: '+14155550100' },
      { pipelineId: pipeline.id, stageId: pipeline.stages[0]!.id },
    );
    const response = await platform
      .request('put', `/api/contacts/${b64(contact.id)}`, token)
      .send({ first_name: 'New', email: null, assigned_to: Number(fixture.admin.A.id) })
      .expect(200);
    expect(response.body.data).toMatchObject({
      first_name: 'New',
      email: null,
      phone: '+14155550100',
      assigned_to: Number(fixture.admin.A.id),
    });
    const mine = await platform
      .request('get', `/api/pipeline/${pipeline.id}/contacts?assigned_to=${fixture.admin.A.id}`, token)
      .expect(200);
    expect(mine.body.data.records.map((row: { first_name: string }) => row.first_name)).toEqual(['New']);
    expect(mine.body.data.pagination.total).toBe(1);
    expect(await outboxOf(contact.id)).toEqual(['crm_contact.created', 'crm_contact.updated']);
    // The same values again change nothing and publish nothing.
    await platform.request('put', `/api/contacts/${contact.id}`, token).send({ first_name: 'New' }).expect(200);
    expect(await outboxOf(contact.id)).toEqual(['crm_contact.created', 'crm_contact.updated']);
  });

  it('lists newest first with search over name, phone and email (per_page up to 100)', async () => {
    const company = await platform.company('Searchable');
    const admin = await platform.actor(company, ['view-contacts']);
    await platform.contact(company, { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' });
    await platform.contact(company, { firstName: 'Barbara', phone: '+14155550177' });
    await platform.contact(company, { firstName: 'Katherine', lastName: 'Johnson_100%' });
    const token = await admin.token();
    const all = await platform.request('get', '/api/contacts?per_page=100', token).expect(200);
    expect(all.body.data.records.map((row: { first_name: string }) => row.first_name)).toEqual(['Katherine', 'Barbara', 'Alan']);
    const search = async (term: string) =>
      (
        await platform.request('get', `/api/contacts?search=${encodeURIComponent(term)}`, token).expect(200)
      ).body.data.records.map((row: { first_name: string }) => row.first_name);
    expect(await search('turing')).toEqual(['Alan']);
    expect(await search('555017')).toEqual(['Barbara']);
    expect(await search('ALAN@')).toEqual(['Alan']);
    expect(await search('_100%')).toEqual(['Katherine']);
    expect(await search('%')).toEqual(['Katherine']);
    expect((await platform.request('get', '/api/contacts?per_page=101', token).expect(400)).body.errors).toHaveProperty(
      'per_page',
    );
  });

  it('deletes a contact: it leaves its pipelines (counted, recorded) and is gone from the API, but its row stays', async () => {
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(fixture.company.A);
    const contact = await platform.contact(fixture.company.A, {}, { pipelineId: pipeline.id, stageId: pipeline.stages[2]!.id });
    await platform.request('delete', `/api/contacts/${contact.id}`, token).expect(200);
    await platform.request('get', `/api/contacts/${contact.id}`, token).expect(404);
    await platform.request('delete', `/api/contacts/${contact.id}`, token).expect(404);
    const listed = await platform.request('get', `/api/pipeline/${pipeline.id}/contacts`, token).expect(200);
    expect(listed.body.data.pagination.total).toBe(0);
    expect(
      await platform.db.query(
        'SELECT reason, to_stage_id FROM platform.pipeline_stage_changes WHERE contact_id = $1 ORDER BY id',
        [contact.id],
      ),
    ).toEqual([
      { reason: 'placed', to_stage_id: pipeline.stages[2]!.id },
      { reason: 'contact_deleted', to_stage_id: null },
    ]);
    expect(
      await platform.db.query('SELECT deleted_at IS NOT NULL AS gone FROM platform.contacts WHERE id = $1', [contact.id]),
    ).toEqual([{ gone: true }]);
    expect(await outboxOf(contact.id)).toEqual(['crm_contact.created', 'crm_contact.deleted']);
  });

  it('deletes a contact on lists: it leaves each, announced by list.contact_removed', async () => {
    const token = await fixture.admin.A.token();
    const contact = await platform.contact(fixture.company.A);
    const [one, two] = [
      await platform.list(fixture.company.A, [contact.id]),
      await platform.list(fixture.company.A, [contact.id]),
    ];
    await platform.request('delete', `/api/contacts/${b64(contact.id)}`, token).expect(200);
    for (const list of [one, two]) {
      expect(await platform.lastEvent(Topics.platformList, list)).toEqual({
        type: 'list.contact_removed',
        data: { id: list, company_id: fixture.company.A, contact_id: contact.id, changed_by: fixture.admin.A.id },
      });
    }
  });
});
