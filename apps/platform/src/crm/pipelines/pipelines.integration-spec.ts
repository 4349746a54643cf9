import { Topics } from '@suite/contracts';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../../testing';

/**
 * The spec's Pipelines endpoints (and creating and listing pipelines) on real PostgreSQL and Kafka:
 * the tenancy rules of every route, the fixed messages, base64 ids, the list's pagination, the
 * move's counts, and the deletion that keeps the contacts.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('pipelines');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const b64 = (id: string) => Buffer.from(id).toString('base64');

/** A pipeline of the company with one contact in its first stage. */
async function pipelineWithContact(companyId: string) {
  const pipeline = await platform.pipeline(companyId);
  const contact = await platform.contact(
    companyId,
    { firstName: 'Ada' },
    { pipelineId: pipeline.id, stageId: pipeline.stages[0]!.id },
  );
  return { pipeline, contact };
}

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: '/api/pipeline',
    permission: 'view-pipelines',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'post',
    path: '/api/pipeline',
    permission: 'edit-pipelines',
    target: async () => ({ body: { name: 'Sales', stages: ['New', 'Won'] } }),
    status: 201,
    expected: { success: true, message: 'Pipeline created successfully.' },
  },
  {
    method: 'get',
    path: '/api/pipeline/{id}/contacts',
    permission: 'view-pipelines',
    target: async (key) => ({ id: (await pipelineWithContact(fixture.company[key])).pipeline.id }),
    status: 200,
    expected: { success: true, data: { records: [{ first_name: 'Ada' }] } },
  },
  {
    method: 'post',
    path: '/api/pipeline/contact/move-stage',
    permission: 'edit-pipelines',
    target: async (key) => {
      const { pipeline, contact } = await pipelineWithContact(fixture.company[key]);
      return { body: { contact_id: b64(contact.id), stage_id: Number(pipeline.stages[1]!.id) } };
    },
    status: 201,
    expected: {
      success: true,
      message: 'Contact moved to stage successfully.',
      data: { new_stage_count: 1, old_stage_count: 0 },
    },
  },
  {
    method: 'put',
    path: '/api/pipeline/stages/update/{id}',
    permission: 'edit-pipelines',
    target: async (key) => ({
      id: (await platform.pipeline(fixture.company[key])).stages[0]!.id,
      body: { stage_name: 'Fresh' },
    }),
    status: 200,
    expected: { success: true, message: 'Stage updated successfully.', data: { stage_name: 'Fresh' } },
  },
  {
    method: 'delete',
    path: '/api/pipeline/{id}',
    permission: 'edit-pipelines',
    target: async (key) => ({ id: (await pipelineWithContact(fixture.company[key])).pipeline.id }),
    status: 200,
    expected: { success: true, message: 'Pipeline deleted successfully.' },
  },
  {
    method: 'delete',
    path: '/api/pipeline/delete/{id}',
    permission: 'edit-pipelines',
    target: async (key) => ({ id: (await platform.pipeline(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, message: 'Pipeline deleted successfully.' },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('pipelines', () => {
  it('creates a pipeline with ordered stages in base64 ids and publishes pipeline.created', async () => {
    const token = await fixture.admin.A.token();
    const response = await platform
      .request('post', '/api/pipeline', token)
      .send({ name: 'Sales', stages: ['New', 'Contacted', 'Won'] })
      .expect(201);
    const { id, stages } = response.body.data;
    expect(response.body.data).toEqual({
      id: expect.any(String),
      name: 'Sales',
      stages: [
        { id: expect.any(String), stage_name: 'New', sorting_order: 1 },
        { id: expect.any(String), stage_name: 'Contacted', sorting_order: 2 },
        { id: expect.any(String), stage_name: 'Won', sorting_order: 3 },
      ],
    });
    const numeric = Buffer.from(id, 'base64').toString();
    expect(numeric).toMatch(/^[0-9]+$/);
    expect(await platform.lastEvent(Topics.platformPipeline, numeric)).toMatchObject({
      type: 'pipeline.created',
      data: { id: numeric, name: 'Sales', stages: [{ stage_name: 'New' }, { stage_name: 'Contacted' }, { stage_name: 'Won' }] },
    });
    expect(stages).toHaveLength(3);
  });

  it('lists a pipeline’s contacts with the spec’s fields and pagination, by path and by query', async () => {
    const company = fixture.company.A;
    const pipeline = await platform.pipeline(company);
    const [first, second] = pipeline.stages;
    for (let index = 0; index < 4; index++) {
      await platform.contact(
        company,
        { firstName: `Lead ${index}` },
        { pipelineId: pipeline.id, stageId: (index < 3 ? first : second)!.id },
      );
    }
    const token = await fixture.admin.A.token();
    const byPath = await platform
      .request(
        'get',
        `/api/pipeline/${b64(pipeline.id)}/contacts?stage_id=${encodeURIComponent(b64(first!.id))}&per_page=2`,
        token,
      )
      .expect(200);
    expect(byPath.body).toEqual({
      success: true,
      data: {
        records: [
          {
            id: expect.any(String),
            stage: { id: b64(first!.id), stage_name: 'New', sorting_order: 1 },
            first_name: 'Lead 2',
            pipe_stage_id: expect.any(Number),
          },
          expect.objectContaining({ first_name: 'Lead 1' }),
        ],
        pagination: { total: 3, current_page: 1, per_page: 2, last_page: 2, from: 1, to: 2 },
        pipeline_id: b64(pipeline.id),
        pipeline_name: 'Sales',
      },
    });
    const byQuery = await platform
      .request('get', `/api/pipeline/contacts?pipeline_id=${pipeline.id}&page=3&per_page=2`, token)
      .expect(200);
    expect(byQuery.body.data).toMatchObject({
      records: [],
      pagination: { total: 4, current_page: 3, per_page: 2, last_page: 2, from: null, to: null },
    });
  });

  it('refuses per_page 31 and a stage_name of 256 characters', async () => {
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(fixture.company.A);
    const list = await platform.request('get', `/api/pipeline/${pipeline.id}/contacts?per_page=31`, token).expect(400);
    expect(list.body.errors).toHaveProperty('per_page');
    const rename = await platform
      .request('put', `/api/pipeline/stages/update/${pipeline.stages[0]!.id}`, token)
      .send({ stage_name: 'x'.repeat(256) })
      .expect(400);
    expect(rename.body.errors).toHaveProperty('stage_name');
  });

  it('moves a contact: counts of both stages, recorded, published once; a contact not in the pipeline is placed (old_stage_id null)', async () => {
    const company = fixture.company.A;
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(company);
    const [first, second] = pipeline.stages;
    const outside = await platform.contact(company, { firstName: 'Outside' });
    const placed = await platform
      .request('post', '/api/pipeline/contact/move-stage', token)
      .send({ contact_id: Number(outside.id), stage_id: b64(first!.id) })
      .expect(201);
    expect(placed.body).toEqual({
      success: true,
      message: 'Contact moved to stage successfully.',
      data: {
        contact_id: b64(outside.id),
        new_stage_id: b64(first!.id),
        old_stage_id: null,
        new_stage_count: 1,
        old_stage_count: null,
      },
    });
    const moved = await platform
      .request('post', '/api/pipeline/contact/move-stage', token)
      .send({ contact_id: b64(outside.id), stage_id: second!.id })
      .expect(201);
    expect(moved.body.data).toEqual({
      contact_id: b64(outside.id),
      new_stage_id: b64(second!.id),
      old_stage_id: b64(first!.id),
      new_stage_count: 1,
      old_stage_count: 0,
    });
    // Moving to the stage it is in changes nothing.
    const again = await platform
      .request('post', '/api/pipeline/contact/move-stage', token)
      .send({ contact_id: outside.id, stage_id: second!.id })
      .expect(201);
    expect(again.body.data).toMatchObject({ old_stage_id: b64(second!.id), new_stage_count: 1, old_stage_count: 1 });
    const events = (await platform.db.query(
      "SELECT envelope->'data' AS data FROM platform.outbox WHERE type = 'pipeline.contact_moved' AND subject = $1 ORDER BY seq",
      [outside.id],
    )) as Array<{ data: Record<string, unknown> }>;
    expect(
      events.map((event) => [event.data.reason, event.data.from_stage_id, event.data.to_stage_id, event.data.changed_by]),
    ).toEqual([
      ['placed', null, first!.id, fixture.admin.A.id],
      ['moved', first!.id, second!.id, fixture.admin.A.id],
    ]);
    expect(
      await platform.db.query(
        'SELECT from_stage_id, to_stage_id::text, reason, changed_by::text FROM platform.pipeline_stage_changes WHERE contact_id = $1 ORDER BY id',
        [outside.id],
      ),
    ).toEqual([
      { from_stage_id: null, to_stage_id: first!.id, reason: 'placed', changed_by: fixture.admin.A.id },
      { from_stage_id: first!.id, to_stage_id: second!.id, reason: 'moved', changed_by: fixture.admin.A.id },
    ]);
  });

  it('answers 422 by field for a contact or stage of another company, deleted, of nothing or undecodable, and moves nothing', async () => {
    const token = await fixture.admin.A.token();
    const own = await platform.pipeline(fixture.company.A);
    const ownContact = await platform.contact(fixture.company.A);
    const foreign = await platform.pipeline(fixture.company.B);
    const foreignContact = await platform.contact(fixture.company.B);
    const deleted = await platform.contact(fixture.company.A);
    await platform.request('delete', `/api/contacts/${deleted.id}`, token).expect(200);
    const spellings = (id: string) => [id, Number(id), b64(id), platform.codec.encrypt(id)];
    const contactRefused = { contact_id: ['not a contact of the company'] };
    const stageRefused = { stage_id: ['not a stage of the company'] };
    const refused: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      ...spellings(foreignContact.id).map((contact_id): [Record<string, unknown>, Record<string, string[]>] => [
        { contact_id, stage_id: own.stages[0]!.id },
        contactRefused,
      ]),
      ...spellings(deleted.id).map((contact_id): [Record<string, unknown>, Record<string, string[]>] => [
        { contact_id, stage_id: own.stages[0]!.id },
        contactRefused,
      ]),
      ...spellings(foreign.stages[0]!.id).map((stage_id): [Record<string, unknown>, Record<string, string[]>] => [
        { contact_id: ownContact.id, stage_id },
        stageRefused,
      ]),
      [{ contact_id: 'bm9wZQ==', stage_id: own.stages[0]!.id }, contactRefused],
      [{ contact_id: ownContact.id, stage_id: 'enc_AAAA' }, stageRefused],
      [{ contact_id: ownContact.id, stage_id: '99999999999' }, stageRefused],
      [
        { contact_id: foreignContact.id, stage_id: foreign.stages[0]!.id },
        { ...contactRefused, ...stageRefused },
      ],
    ];
    for (const [body, errors] of refused) {
      const response = await platform.request('post', '/api/pipeline/contact/move-stage', token).send(body);
      expect({ body, status: response.status, errors: response.body.errors }).toEqual({ body, status: 422, errors });
      expect(response.body.message).toMatch(
        /^(contact_id must be a contact of the company\. ?)?(stage_id must be a stage of the company\.)?$/,
      );
    }
    for (const body of [
      { contact_id: 0, stage_id: 1 },
      { contact_id: 1e308, stage_id: 1 },
      { contact_id: 1 },
      { contact_id: [1], stage_id: 1 },
    ]) {
      expect((await platform.request('post', '/api/pipeline/contact/move-stage', token).send(body)).status).toBe(400);
    }
    expect(
      await platform.db.query('SELECT count(*)::int AS n FROM platform.pipeline_contacts WHERE contact_id = $1', [ownContact.id]),
    ).toEqual([{ n: 0 }]);
  });

  it('answers 404 for a stage_id filter of another pipeline or company', async () => {
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(fixture.company.A);
    const other = await platform.pipeline(fixture.company.A);
    const foreign = await platform.pipeline(fixture.company.B);
    for (const stage of [other.stages[0]!.id, foreign.stages[0]!.id, 'garbage']) {
      await platform
        .request('get', `/api/pipeline/${pipeline.id}/contacts?stage_id=${encodeURIComponent(b64(stage))}`, token)
        .expect(404);
    }
    await platform.request('get', `/api/pipeline/contacts?pipeline_id=${foreign.id}`, token).expect(404);
    expect((await platform.request('get', '/api/pipeline/contacts', token).expect(400)).body.errors).toHaveProperty(
      'pipeline_id',
    );
  });

  it('keeps every count equal to the list through 50 concurrent moves', async () => {
    const company = fixture.company.A;
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(company, ['A', 'B', 'C', 'D']);
    const contacts: Array<{ id: string }> = [];
    for (let index = 0; index < 10; index++) {
      contacts.push(
        await platform.contact(company, { firstName: `C${index}` }, { pipelineId: pipeline.id, stageId: pipeline.stages[0]!.id }),
      );
    }
    // 50 moves at once: several per contact, crossing stages in both directions (a deadlock would show as a 500 or a stall).
    const moves = Array.from({ length: 50 }, (_, index) => ({
      contact_id: b64(contacts[index % contacts.length]!.id),
      stage_id: b64(pipeline.stages[(index * 7) % 4]!.id),
    }));
    const answers = await Promise.all(
      moves.map((body) => platform.request('post', '/api/pipeline/contact/move-stage', token).send(body)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(moves.map(() => 201));
    for (const answer of answers) {
      expect(answer.body.data.new_stage_count).toBeGreaterThanOrEqual(1);
      expect(answer.body.data.old_stage_count).toBeGreaterThanOrEqual(0);
    }
    const listed = await platform.request('get', '/api/pipeline', token).expect(200);
    const counts = listed.body.data.find((row: { id: string }) => row.id === b64(pipeline.id)).stages as Array<{
      id: string;
      contacts_count: number;
    }>;
    for (const stage of counts) {
      const page = await platform.request(
        'get',
        `/api/pipeline/${pipeline.id}/contacts?stage_id=${encodeURIComponent(stage.id)}&per_page=30`,
        token,
      );
      expect(page.body.data.records).toHaveLength(stage.contacts_count);
      expect(page.body.data.pagination.total).toBe(stage.contacts_count);
      const [{ n }] = await platform.db.query('SELECT count(*)::int AS n FROM platform.pipeline_contacts WHERE stage_id = $1', [
        numericId(stage.id),
      ]);
      expect(n).toBe(stage.contacts_count);
    }
    expect(counts.reduce((sum, stage) => sum + stage.contacts_count, 0)).toBe(10);
    // Each answered move that changed a stage is one recorded change and one event.
    const changed = answers.filter((answer) => answer.body.data.old_stage_id !== answer.body.data.new_stage_id).length;
    const ids = contacts.map((contact) => contact.id);
    const [{ n: recorded }] = await platform.db.query(
      "SELECT count(*)::int AS n FROM platform.pipeline_stage_changes WHERE reason = 'moved' AND contact_id = ANY($1::bigint[])",
      [ids],
    );
    const [{ n: published }] = await platform.db.query(
      "SELECT count(*)::int AS n FROM platform.outbox WHERE type = 'pipeline.contact_moved' AND envelope->'data'->>'reason' = 'moved' AND subject = ANY($1)",
      [ids],
    );
    expect({ recorded, published }).toEqual({ recorded: changed, published: changed });
  });

  it('deletes a pipeline with its stages; its contacts stay and leave it, each recorded; pipeline.deleted says how many', async () => {
    const company = fixture.company.A;
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(company);
    const kept = await platform.pipeline(company);
    const contact = await platform.contact(
      company,
      { firstName: 'Stays' },
      { pipelineId: pipeline.id, stageId: pipeline.stages[1]!.id },
    );
    await platform
      .request('post', '/api/pipeline/contact/move-stage', token)
      .send({ contact_id: contact.id, stage_id: kept.stages[0]!.id })
      .expect(201);
    await platform.request('delete', `/api/pipeline/delete/${b64(pipeline.id)}`, token).expect(200);
    await platform.request('get', `/api/pipeline/${pipeline.id}/contacts`, token).expect(404);
    await platform
      .request('put', `/api/pipeline/stages/update/${pipeline.stages[0]!.id}`, token)
      .send({ stage_name: 'X' })
      .expect(404);
    await platform.request('delete', `/api/pipeline/${pipeline.id}`, token).expect(404);
    const after = await platform.request('get', `/api/contacts/${contact.id}`, token).expect(200);
    expect(after.body.data.pipelines.map((row: { pipeline_id: string }) => row.pipeline_id)).toEqual([b64(kept.id)]);
    expect(
      await platform.db.query(
        "SELECT from_stage_id::text, to_stage_id FROM platform.pipeline_stage_changes WHERE contact_id = $1 AND reason = 'pipeline_deleted'",
        [contact.id],
      ),
    ).toEqual([{ from_stage_id: pipeline.stages[1]!.id, to_stage_id: null }]);
    expect(await platform.lastEvent(Topics.platformPipeline, pipeline.id)).toMatchObject({
      type: 'pipeline.deleted',
      data: { id: pipeline.id, contacts_released: 1, changed_by: fixture.admin.A.id },
    });
    expect(
      await platform.db.query('SELECT count(*)::int AS n FROM platform.pipeline_stages WHERE pipeline_id = $1', [pipeline.id]),
    ).toEqual([{ n: 0 }]);
  });

  it('renames a stage and publishes pipeline.stage_renamed with the previous name', async () => {
    const token = await fixture.admin.A.token();
    const pipeline = await platform.pipeline(fixture.company.A);
    const stage = pipeline.stages[2]!;
    const response = await platform
      .request('put', `/api/pipeline/stages/update/${b64(stage.id)}`, token)
      .send({ stage_name: 'Closed won' })
      .expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Stage updated successfully.',
      data: { id: b64(stage.id), stage_name: 'Closed won', pipeline_id: b64(pipeline.id) },
    });
    expect(await platform.lastEvent(Topics.platformPipeline, pipeline.id)).toMatchObject({
      type: 'pipeline.stage_renamed',
      data: { stage_id: stage.id, stage_name: 'Closed won', previous_name: 'Won' },
    });
  });
});

const numericId = (base64: string) => Buffer.from(base64, 'base64').toString();
