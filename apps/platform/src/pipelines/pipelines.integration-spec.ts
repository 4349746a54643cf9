import { Topics } from '@suite/contracts';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../testing';

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
});
