import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { randomUUID } from 'node:crypto';
import { Topics } from '@suite/contracts';
import { createTenancyFixture, endpointRules, PlatformTestApp, type EndpointCase, type TenancyFixture } from '../testing';
import type { WorkflowGraph } from './definition/workflow-graph';
import { WorkflowRunEntity } from './engine/workflow-run.entity';
import { WorkflowRunStepEntity } from './engine/workflow-run-step.entity';
import { FoldersService } from './folders/folders.service';
import { WorkflowVersionEntity } from './workflow-version.entity';
import { WorkflowEntity } from './workflow.entity';
import { WorkflowsService } from './workflows.service';

/**
 * The workflows API on real PostgreSQL and Kafka: every route's tenancy rules, then create, the
 * builder, activation and deactivation with their events, export → import into another company
 * → review → activation, folders and the execution log.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  platform = await PlatformTestApp.start('workflows');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const b64 = (id: string) => Buffer.from(id).toString('base64');
const unb64 = (id: string) => Buffer.from(id, 'base64').toString();
const IMPORTED = 'Workflow imported as a draft. Review company-specific selections before activating.';

const smsGraph = (message = 'Hi {{contact.first_name}}'): WorkflowGraph => ({
  triggers: [{ id: 't1', type: 'contact_created', config: {} }],
  actions: [{ id: 'a1', type: 'send_sms', config: { message } }],
  edges: [{ from: 't1', to: 'a1' }],
});

const stageGraph = (pipelineId: string, stageId: string): WorkflowGraph => ({
  triggers: [{ id: 't1', type: 'contact_created', config: {} }],
  actions: [{ id: 'a3', type: 'move_to_stage', config: { pipeline_id: pipelineId, stage_id: stageId } }],
  edges: [{ from: 't1', to: 'a3' }],
});

const service = () => platform.app.get(WorkflowsService);
const workflow = (companyId: string, graph: WorkflowGraph = smsGraph()) =>
  service().create(companyId, { name: 'Follow-up', triggerConfig: graph }, null);
const activeWorkflow = async (companyId: string) => {
  const created = await workflow(companyId);
  await service().setStatus(companyId, created.id, 'active', null);
  return created;
};
const folder = (companyId: string, name = 'Folder') => platform.app.get(FoldersService).create(companyId, { name });

async function run(companyId: string, workflowId: string, status: WorkflowRunEntity['status'] = 'waiting') {
  const contact = await platform.contact(companyId);
  const runs = CompanyScopedRepository.of(platform.db, WorkflowRunEntity, companyId);
  return runs.save(
    runs.create({
      workflowId,
      version: 1,
      contactId: contact.id,
      triggerType: 'contact_created',
      triggerEventId: randomUUID(),
      status,
      cursor: status === 'waiting' ? 'a1' : null,
      wakeAt: status === 'waiting' ? new Date(Date.now() + 3600_000) : null,
    }),
  );
}

const admin = () => fixture.admin.A.token();
const exportedPackage = {
  schema: 'service.workflow.export',
  version: 1,
  workflow: { name: 'Imported', description: null, trigger_config: smsGraph(), settings: {} },
};

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'post',
    path: '/api/Workflow/create',
    permission: 'edit-workflows',
    target: async () => ({ body: { name: 'New' } }),
    status: 201,
    expected: { success: true, data: { status: 'draft' } },
  },
  {
    method: 'get',
    path: '/api/Workflow',
    permission: 'view-workflows',
    target: async () => ({}),
    status: 200,
    expected: { success: true },
  },
  {
    method: 'get',
    path: '/api/Workflow/builder/{id}',
    permission: 'view-workflows',
    target: async (key) => ({ id: (await workflow(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, data: { name: 'Follow-up', status: 'draft' } },
  },
  {
    method: 'put',
    path: '/api/Workflow/builder/{id}',
    permission: 'edit-workflows',
    target: async (key) => ({ id: (await workflow(fixture.company[key])).id, body: { trigger_config: smsGraph('Saved') } }),
    status: 200,
    expected: { success: true, data: { trigger_config: { actions: [{ config: { message: 'Saved' } }] } } },
  },
  {
    method: 'put',
    path: '/api/Workflow/status/{id}',
    permission: 'edit-workflows',
    target: async (key) => ({ id: (await workflow(fixture.company[key])).id, body: { status: 'active' } }),
    status: 200,
    expected: { success: true, data: { status: 'active', active_version: 1 } },
  },
  {
    method: 'delete',
    path: '/api/Workflow/{id}',
    permission: 'edit-workflows',
    target: async (key) => ({ id: (await workflow(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, message: 'Workflow deleted successfully.' },
  },
  {
    method: 'get',
    path: '/api/Workflow/export/{id}',
    permission: 'view-workflows',
    target: async (key) => ({ id: (await workflow(fixture.company[key])).id }),
    status: 200,
    expected: { schema: 'service.workflow.export', version: 1, workflow: { name: 'Follow-up' } },
  },
  {
    method: 'get',
    path: '/api/Workflow/builder/{id}/export',
    permission: 'view-workflows',
    target: async (key) => ({ id: (await workflow(fixture.company[key])).id }),
    status: 200,
    expected: { schema: 'service.workflow.export', version: 1 },
  },
  ...['/api/Workflow/import', '/api/Workflow/builder/import'].map((path): EndpointCase => ({
    method: 'post',
    path,
    permission: 'edit-workflows',
    target: async () => ({ body: exportedPackage }),
    status: 201,
    expected: { success: true, message: IMPORTED },
  })),
  {
    method: 'get',
    path: '/api/Workflow/catalog/actions',
    permission: 'view-workflows',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: { actions: expect.arrayContaining([expect.objectContaining({ type: 'send_sms' })]) } },
  },
  {
    method: 'get',
    path: '/api/Workflow/catalog/triggers',
    permission: 'view-workflows',
    target: async () => ({}),
    status: 200,
    expected: {
      success: true,
      data: { triggers: expect.arrayContaining([expect.objectContaining({ type: 'contact_created' })]) },
    },
  },
  {
    method: 'get',
    path: '/api/Workflow/folder',
    permission: 'view-workflows',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: { records: expect.any(Array) } },
  },
  {
    method: 'post',
    path: '/api/Workflow/folder',
    permission: 'edit-workflows',
    target: async () => ({ body: { f_name: 'Leads' } }),
    status: 201,
    expected: { success: true, data: { f_name: 'Leads', parent_id: null } },
  },
  {
    method: 'put',
    path: '/api/Workflow/folder/update/{id}',
    permission: 'edit-workflows',
    target: async (key) => ({ id: (await folder(fixture.company[key])).id, body: { f_name: 'Renamed' } }),
    status: 200,
    expected: { success: true, message: 'Folder updated successfully' },
  },
  {
    method: 'delete',
    path: '/api/Workflow/folder/{id}',
    permission: 'edit-workflows',
    target: async (key) => ({ id: (await folder(fixture.company[key])).id }),
    status: 200,
    expected: { success: true, message: 'Folder deleted successfully.' },
  },
  {
    method: 'get',
    path: '/api/Workflow/execution-log',
    permission: 'view-workflows',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: { records: expect.any(Array), pagination: expect.any(Object) } },
  },
  {
    method: 'get',
    path: '/api/Workflow/execution-log/{id}',
    permission: 'view-workflows',
    target: async (key) => {
      const created = await workflow(fixture.company[key]);
      return { id: (await run(fixture.company[key], created.id, 'completed')).id };
    },
    status: 200,
    expected: { success: true, data: { status: 'completed', workflow_name: 'Follow-up', steps: [] } },
  },
];

describe.each(ENDPOINTS)('$method $path', (endpoint) =>
  endpointRules(
    () => platform,
    () => fixture,
    endpoint,
  ),
);

describe('create', () => {
  it('takes no body at all and names the draft; answers the builder id and endpoint', async () => {
    const response = await platform.request('post', '/api/Workflow/create', await admin()).expect(201);
    const id = response.body.data.id as string;
    expect(response.body).toEqual({
      success: true,
      data: { id, status: 'draft', builder_id: id, builder_endpoint: `/api/Workflow/builder/${id}` },
    });
    const created = await service().get(fixture.company.A, unb64(id));
    expect(created.name).toMatch(/^Untitled workflow \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(await platform.lastEvent(Topics.platformWorkflow, created.id)).toMatchObject({
      type: 'workflow.created',
      data: { id: created.id, status: 'draft', active_version: 0 },
    });
    await platform
      .request('post', '/api/Workflow/create', await admin())
      .send({})
      .expect(201);
  });

  it('refuses a name of 256 characters (400) and takes 255', async () => {
    const response = await platform.request('post', '/api/Workflow/create', await admin()).send({ name: 'n'.repeat(256) });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('name');
    await platform
      .request('post', '/api/Workflow/create', await admin())
      .send({ name: 'n'.repeat(255) })
      .expect(201);
  });

  it('refuses an unknown action type with a 422 naming the node, and a graph that is not one', async () => {
    const graph = { ...smsGraph(), actions: [{ id: 'a1', type: 'launch_rocket', config: {} }] };
    const unknown = await platform.request('post', '/api/Workflow/create', await admin()).send({ trigger_config: graph });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors).join(' ')).toContain('trigger_config.actions[a1]');
    const invalid = await platform
      .request('post', '/api/Workflow/create', await admin())
      .send({ trigger_config: { triggers: 'x', actions: [], edges: [] } });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).join(' ')).toContain('trigger_config.triggers');
  });

  it('puts it in a folder of the company, and refuses another company’s folder (422)', async () => {
    const own = await folder(fixture.company.A);
    const response = await platform
      .request('post', '/api/Workflow/create', await admin())
      .send({ folder_id: b64(own.id) })
      .expect(201);
    expect((await service().get(fixture.company.A, unb64(response.body.data.id))).folderId).toBe(own.id);
    const foreign = await folder(fixture.company.B);
    const refused = await platform.request('post', '/api/Workflow/create', await admin()).send({ folder_id: foreign.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('folder_id');
  });
});

describe('list and builder', () => {
  it('lists newest first with the row fields, filtered by folder and status', async () => {
    const company = await platform.company('Lister');
    const user = await platform.actor(company, ['view-workflows']);
    const box = await folder(company);
    const first = await workflow(company);
    const second = await service().create(company, { name: 'Boxed', folderId: box.id }, null);
    const all = await platform.request('get', '/api/Workflow', await user.token()).expect(200);
    expect(all.body.data.records.map((row: { id: string }) => row.id)).toEqual([b64(second.id), b64(first.id)]);
    expect(all.body.data.records[0]).toEqual({
      id: b64(second.id),
      name: 'Boxed',
      description: null,
      status: 'draft',
      folder_id: b64(box.id),
      version: 1,
      active_version: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const boxed = await platform.request('get', `/api/Workflow?folder_id=${b64(box.id)}`, await user.token()).expect(200);
    expect(boxed.body.data.records).toHaveLength(1);
    const active = await platform.request('get', '/api/Workflow?status=active', await user.token()).expect(200);
    expect(active.body.data.records).toHaveLength(0);
    expect((await platform.request('get', '/api/Workflow?per_page=101', await user.token())).status).toBe(400);
  });

  it('saves the builder: version bumps, name and description change, the graph comes back normalised', async () => {
    const created = await workflow(fixture.company.A);
    const saved = await platform
      .request('put', `/api/Workflow/builder/${b64(created.id)}`, await admin())
      .send({ trigger_config: smsGraph('Bye'), name: 'Renamed', description: 'Now' })
      .expect(200);
    expect(saved.body).toEqual({ success: true, data: { id: b64(created.id), trigger_config: expect.any(Object) } });
    const builder = await platform.request('get', `/api/Workflow/builder/${b64(created.id)}`, await admin()).expect(200);
    expect(builder.body.data).toMatchObject({ name: 'Renamed', description: 'Now', version: 2, references_to_review: [] });
    const missing = await platform.request('put', `/api/Workflow/builder/${b64(created.id)}`, await admin()).send({ name: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('trigger_config');
  });
});

describe('activation', () => {
  it('activates (workflow.activated, frozen version), deactivates (waiting runs cancelled, workflow.deactivated); repeating a status is a no-op', async () => {
    const created = await workflow(fixture.company.A);
    const path = `/api/Workflow/status/${b64(created.id)}`;
    await platform
      .request('put', path, await admin())
      .send({ status: 'active' })
      .expect(200);
    expect(await platform.lastEvent(Topics.platformWorkflow, created.id)).toMatchObject({
      type: 'workflow.activated',
      data: { status: 'active', active_version: 1, trigger_types: ['contact_created'] },
    });
    expect(await unscopedRepository(platform.db, WorkflowVersionEntity).countBy({ workflowId: created.id })).toBe(1);
    const repeat = await platform
      .request('put', path, await admin())
      .send({ status: 'active' })
      .expect(200);
    expect(repeat.body.data.status).toBe('active');
    expect(await unscopedRepository(platform.db, WorkflowVersionEntity).countBy({ workflowId: created.id })).toBe(1);

    const waiting = await run(fixture.company.A, created.id, 'waiting');
    const done = await run(fixture.company.A, created.id, 'completed');
    const deleteActive = await platform.request('delete', `/api/Workflow/${b64(created.id)}`, await admin());
    expect(deleteActive.status).toBe(409);
    expect(deleteActive.body.message).toBe('Deactivate the workflow before deleting it.');

    await platform
      .request('put', path, await admin())
      .send({ status: 'inactive' })
      .expect(200);
    const runs = CompanyScopedRepository.of(platform.db, WorkflowRunEntity, fixture.company.A);
    expect(await runs.findOne({ where: { id: waiting.id } })).toMatchObject({
      status: 'cancelled',
      error: null,
      finishedAt: expect.any(Date),
    });
    expect((await runs.findOne({ where: { id: done.id } }))!.status).toBe('completed');
    const deactivated = await platform.lastEvent(Topics.platformWorkflow, created.id);
    expect(deactivated).toMatchObject({
      type: 'workflow.deactivated',
      data: { status: 'inactive', trigger_types: [], active_version: 1 },
    });
    await platform
      .request('put', path, await admin())
      .send({ status: 'inactive' })
      .expect(200);
    expect(await platform.lastEvent(Topics.platformWorkflow, created.id)).toEqual(deactivated);

    await platform.request('delete', `/api/Workflow/${b64(created.id)}`, await admin()).expect(200);
    expect(await unscopedRepository(platform.db, WorkflowVersionEntity).countBy({ workflowId: created.id })).toBe(0);
    const log = await platform.request('get', `/api/Workflow/execution-log/${b64(waiting.id)}`, await admin()).expect(200);
    expect(log.body.data).toMatchObject({ workflow_name: null, status: 'cancelled' });
  });

  it('refuses a graph without a trigger or an action (422)', async () => {
    const created = await service().create(fixture.company.A, {}, null);
    const response = await platform
      .request('put', `/api/Workflow/status/${b64(created.id)}`, await admin())
      .send({ status: 'active' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(['trigger_config.triggers']);
  });

  it('saving an active workflow freezes a new version for new runs', async () => {
    const created = await activeWorkflow(fixture.company.A);
    await platform
      .request('put', `/api/Workflow/builder/${b64(created.id)}`, await admin())
      .send({ trigger_config: smsGraph('v2') })
      .expect(200);
    const saved = await platform.db.getRepository(WorkflowEntity).findOneByOrFail({ id: created.id });
    expect(saved).toMatchObject({ status: 'active', version: 2, activeVersion: 2, activeTriggerTypes: ['contact_created'] });
    const v2 = await unscopedRepository(platform.db, WorkflowVersionEntity).findOneByOrFail({
      workflowId: created.id,
      version: 2,
    });
    expect(v2.graph.actions[0]!.config).toEqual({ message: 'v2' });
  });

  it('refuses a stage of another pipeline or company, naming the field, on create and on a draft’s save (decision 0042)', async () => {
    const own = await platform.pipeline(fixture.company.A);
    const other = await platform.pipeline(fixture.company.B);
    const refused = {
      'trigger_config.actions[a3].config.stage_id': [`stage ${other.stages[0]!.id} is not a stage of this company`],
    };
    const before = await platform.db.query('SELECT count(*)::int AS n FROM platform.workflows');
    const created = await platform
      .request('post', '/api/Workflow/create', await admin())
      .send({ name: 'Foreign stage', trigger_config: stageGraph(own.id, other.stages[0]!.id) });
    expect({ status: created.status, errors: created.body.errors }).toEqual({ status: 422, errors: refused });
    expect(await platform.db.query('SELECT count(*)::int AS n FROM platform.workflows')).toEqual(before);
    const draft = await workflow(fixture.company.A, stageGraph(own.id, own.stages[0]!.id));
    const saved = await platform
      .request('put', `/api/Workflow/builder/${b64(draft.id)}`, await admin())
      .send({ name: 'Changed', trigger_config: stageGraph(own.id, other.stages[0]!.id) });
    expect({ status: saved.status, errors: saved.body.errors }).toEqual({ status: 422, errors: refused });
    const kept = await platform.db.getRepository(WorkflowEntity).findOneByOrFail({ id: draft.id });
    expect({ name: kept.name, version: kept.version }).toEqual({ name: 'Follow-up', version: 1 });
  });

  it('refuses to activate a draft whose selection is gone since its save, naming the field', async () => {
    const list = await platform.list(fixture.company.A);
    const graph: WorkflowGraph = {
      triggers: [{ id: 't1', type: 'contact_created', config: {} }],
      actions: [{ id: 'a1', type: 'add_to_list', config: { list_id: list } }],
      edges: [{ from: 't1', to: 'a1' }],
    };
    const created = await workflow(fixture.company.A, graph);
    await platform.request('delete', `/api/lists/${list}`, await admin()).expect(200);
    const response = await platform
      .request('put', `/api/Workflow/status/${b64(created.id)}`, await admin())
      .send({ status: 'active' });
    expect({ status: response.status, errors: response.body.errors }).toEqual({
      status: 422,
      errors: { 'trigger_config.actions[a1].config.list_id': [`list ${list} is not a list of this company`] },
    });
  });
});

describe('reference resolution', () => {
  it('checks lists, users and stages of the node’s pipeline; names each refusal', async () => {
    const first = await platform.pipeline(fixture.company.A);
    const second = await platform.pipeline(fixture.company.A, ['Other'], 'Other');
    const foreignList = await platform.list(fixture.company.B);
    const graph: WorkflowGraph = {
      triggers: [{ id: 't1', type: 'contact_created', config: {} }],
      actions: [
        { id: 'a1', type: 'move_to_stage', config: { pipeline_id: first.id, stage_id: second.stages[0]!.id } },
        { id: 'a2', type: 'add_to_list', config: { list_id: foreignList } },
        { id: 'a3', type: 'assign_user', config: { user_id: fixture.admin.A.id } },
      ],
      edges: [
        { from: 't1', to: 'a1' },
        { from: 'a1', to: 'a2' },
        { from: 'a2', to: 'a3' },
      ],
    };
    const response = await platform
      .request('post', '/api/Workflow/create', await admin())
      .send({ name: 'Mixed', trigger_config: graph });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      'trigger_config.actions[a1].config.stage_id': [`stage ${second.stages[0]!.id} is not a stage of pipeline ${first.id}`],
      'trigger_config.actions[a2].config.list_id': [`list ${foreignList} is not a list of this company`],
    });
    expect(response.body.message).toContain(`list ${foreignList} is not a list of this company`);
  });
});

describe('export and import', () => {
  it('moves a workflow to another company: a draft to review, refused until a builder save with its own ids', async () => {
    const source = await platform.pipeline(fixture.company.A);
    const original = await workflow(fixture.company.A, stageGraph(source.id, source.stages[1]!.id));
    const exported = await platform.request('get', `/api/Workflow/export/${b64(original.id)}`, await admin()).expect(200);
    expect(exported.body).toEqual({
      schema: 'service.workflow.export',
      version: 1,
      workflow: { name: 'Follow-up', description: null, trigger_config: expect.any(Object), settings: {} },
    });
    const alias = await platform.request('get', `/api/Workflow/builder/${b64(original.id)}/export`, await admin()).expect(200);
    expect(alias.body).toEqual(exported.body);

    const tokenB = await fixture.admin.B.token();
    await platform
      .request('post', '/api/Workflow/import', tokenB)
      .send(exported.body)
      .expect(201, { success: true, message: IMPORTED });
    const [imported] = await CompanyScopedRepository.of(platform.db, WorkflowEntity, fixture.company.B).find({
      order: { id: 'DESC' },
      take: 1,
    });
    expect(imported).toMatchObject({ status: 'draft', folderId: null, name: 'Follow-up' });
    const builder = await platform.request('get', `/api/Workflow/builder/${b64(imported!.id)}`, tokenB).expect(200);
    expect(builder.body.data.references_to_review).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ node_id: 'a3', field: 'stage_id', kind: 'stage', value: source.stages[1]!.id }),
      ]),
    );

    const status = `/api/Workflow/status/${b64(imported!.id)}`;
    const refused = await platform.request('put', status, tokenB).send({ status: 'active' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('trigger_config.actions[a3].config.stage_id');
    expect(refused.body.errors).toHaveProperty(['trigger_config.actions[a3].config.pipeline_id']);

    const target = await platform.pipeline(fixture.company.B);
    await platform
      .request('put', `/api/Workflow/builder/${b64(imported!.id)}`, tokenB)
      .send({ trigger_config: stageGraph(b64(target.id), b64(target.stages[0]!.id)) })
      .expect(200);
    await platform.request('put', status, tokenB).send({ status: 'active' }).expect(200);
    expect(await platform.lastEvent(Topics.platformWorkflow, imported!.id)).toMatchObject({ type: 'workflow.activated' });
  });

  it('takes the workflow wrapper and a multipart file; refuses an unknown schema and version 2 (400) and a bad graph (422)', async () => {
    await platform
      .request('post', '/api/Workflow/import', await admin())
      .send(exportedPackage.workflow)
      .expect(201);
    await platform
      .request('post', '/api/Workflow/builder/import', await admin())
      .attach('file', Buffer.from(JSON.stringify(exportedPackage)), {
        filename: 'workflow.json',
        contentType: 'application/json',
      })
      .expect(201, { success: true, message: IMPORTED });
    const noFile = await platform.request('post', '/api/Workflow/import', await admin()).field('other', 'x');
    expect(noFile.status).toBe(400);
    const notJson = await platform
      .request('post', '/api/Workflow/import', await admin())
      .attach('file', Buffer.from('{nope'), { filename: 'w.json', contentType: 'application/json' });
    expect(notJson.status).toBe(400);
    expect(
      (await platform.request('post', '/api/Workflow/import', await admin()).send({ ...exportedPackage, schema: 'other' }))
        .status,
    ).toBe(400);
    expect(
      (await platform.request('post', '/api/Workflow/import', await admin()).send({ ...exportedPackage, version: 2 })).status,
    ).toBe(400);
    const bad = await platform.request('post', '/api/Workflow/import', await admin()).send({
      ...exportedPackage,
      workflow: {
        ...exportedPackage.workflow,
        trigger_config: { ...smsGraph(), actions: [{ id: 'a1', type: 'nope', config: {} }] },
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).join(' ')).toContain('actions[a1]');
  });

  it('refuses multipart on a route that does not take a file (415)', async () => {
    const response = await platform.request('post', '/api/Workflow/folder', await admin()).field('f_name', 'x');
    expect(response.status).toBe(415);
  });
});

describe('catalogs', () => {
  it('lists every action category and filters by one; an unknown category answers no actions', async () => {
    const all = await platform.request('get', '/api/Workflow/catalog/actions', await admin()).expect(200);
    expect(all.body.data.total).toBe(all.body.data.actions.length);
    expect(all.body.data.categories).toContain('Messaging');
    const messaging = await platform
      .request('get', '/api/Workflow/catalog/actions?category=Messaging', await admin())
      .expect(200);
    expect(messaging.body.data.actions.every((action: { category: string }) => action.category === 'Messaging')).toBe(true);
    expect(messaging.body.data.categories).toEqual(all.body.data.categories);
    const none = await platform.request('get', '/api/Workflow/catalog/actions?category=Nope', await admin()).expect(200);
    expect(none.body.data).toMatchObject({ total: 0, actions: [] });
  });
});

describe('folders', () => {
  it('lists in display order; deleting one moves its workflows out and its children up', async () => {
    const company = await platform.company('Foldering');
    const user = await platform.actor(company, ['view-workflows', 'edit-workflows']);
    const token = await user.token();
    const parent = await platform.request('post', '/api/Workflow/folder', token).send({ f_name: 'Parent' }).expect(201);
    const middle = await platform
      .request('post', '/api/Workflow/folder', token)
      .send({ f_name: 'Middle', parent_id: parent.body.data.id })
      .expect(201);
    const child = await platform
      .request('post', '/api/Workflow/folder', token)
      .send({ f_name: 'Child', parent_id: middle.body.data.id })
      .expect(201);
    const inMiddle = await service().create(company, { folderId: unb64(middle.body.data.id) }, null);
    const list = await platform.request('get', '/api/Workflow/folder', token).expect(200);
    expect(list.body.data.records.map((r: { f_name: string; sort_order: number }) => [r.f_name, r.sort_order])).toEqual([
      ['Parent', 1],
      ['Middle', 2],
      ['Child', 3],
    ]);
    await platform.request('delete', `/api/Workflow/folder/${middle.body.data.id}`, token).expect(200);
    const after = await platform.request('get', '/api/Workflow/folder', token).expect(200);
    expect(after.body.data.records).toEqual([
      expect.objectContaining({ f_name: 'Parent', parent_id: null }),
      expect.objectContaining({ id: child.body.data.id, parent_id: parent.body.data.id }),
    ]);
    expect((await service().get(company, inMiddle.id)).folderId).toBeNull();
  });

  it('refuses f_name of 101 characters, a blank one and another company’s parent', async () => {
    for (const f_name of ['f'.repeat(101), '  ']) {
      expect((await platform.request('post', '/api/Workflow/folder', await admin()).send({ f_name })).status).toBe(400);
    }
    await platform
      .request('post', '/api/Workflow/folder', await admin())
      .send({ f_name: 'f'.repeat(100) })
      .expect(201);
    const foreign = await folder(fixture.company.B);
    const refused = await platform
      .request('post', '/api/Workflow/folder', await admin())
      .send({ f_name: 'x', parent_id: foreign.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('parent_id');
  });
});

describe('execution log', () => {
  it('lists runs newest first with filters, and one run with its steps', async () => {
    const company = await platform.company('Logged');
    const user = await platform.actor(company, ['view-workflows']);
    const token = await user.token();
    const created = await workflow(company);
    const older = await run(company, created.id, 'completed');
    const newer = await run(company, created.id, 'failed');
    await unscopedRepository(platform.db, WorkflowRunStepEntity).save({
      runId: older.id,
      step: 1,
      nodeId: 'a1',
      type: 'send_sms',
      status: 'completed',
      detail: { message_id: 'm1' },
      error: null,
      attempts: 1,
      startedAt: new Date(),
      finishedAt: new Date(),
    });
    const all = await platform
      .request('get', '/api/Workflow/execution-log?workflow_id=All&status=All&trigger_type=All', token)
      .expect(200);
    expect(all.body.data.records.map((row: { id: string }) => row.id)).toEqual([b64(newer.id), b64(older.id)]);
    expect(all.body.data.records[1]).toEqual({
      id: b64(older.id),
      workflow_id: b64(created.id),
      workflow_name: 'Follow-up',
      contact_id: b64(older.contactId),
      status: 'completed',
      trigger_type: 'contact_created',
      version: 1,
      error: null,
      started_at: expect.any(String),
      finished_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const failed = await platform
      .request('get', `/api/Workflow/execution-log?status=failed&workflow_id=${b64(created.id)}`, token)
      .expect(200);
    expect(failed.body.data.records).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    const future = await platform.request('get', `/api/Workflow/execution-log?date_from=2099-01-01`, token).expect(200);
    expect(future.body.data.records).toHaveLength(0);
    expect(
      (await platform.request('get', `/api/Workflow/execution-log?date_from=${today}&date_to=2000-01-01`, token)).status,
    ).toBe(422);
    expect((await platform.request('get', '/api/Workflow/execution-log?trigger_type=nope', token)).status).toBe(400);
    expect((await platform.request('get', '/api/Workflow/execution-log?per_page=31', token)).status).toBe(400);
    const detail = await platform.request('get', `/api/Workflow/execution-log/${b64(older.id)}`, token).expect(200);
    expect(detail.body.data.steps).toEqual([
      {
        step: 1,
        node_id: 'a1',
        type: 'send_sms',
        status: 'completed',
        detail: { message_id: 'm1' },
        error: null,
        attempts: 1,
        started_at: expect.any(String),
        finished_at: expect.any(String),
      },
    ]);
  });
});
