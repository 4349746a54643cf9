import { randomUUID } from 'node:crypto';
import request, { type Test } from 'supertest';
import type { DataSource } from 'typeorm';
import { PERMISSIONS } from '@suite/contracts';
import { startMessagingTestApp, type MessagingTestApp } from '@suite/messaging-app/testing';
import type { PlatformTestApp, TestUser } from '@suite/platform-app/testing';
import { eventually } from '@suite/testing';
import type { WebhookDispatchTestApp } from '@suite/webhook-dispatch-app/testing';
import { startPlatformWebhooks, type PlatformWebhooks } from '../support/platform-webhooks';

/**
 * The write-side tenancy matrix (issue 27 item 2, decision 0042): every id a write of the platform
 * or webhook-dispatch takes in its body, one row per field. A tenant sends, on a request that is
 * otherwise valid, an id of another company's row, then an id of no row at all: each is a 422 in
 * the API's error shape naming that field, and the tables the write touches are unchanged to the
 * byte. The same request with the tenant's own id then succeeds, so each 422 is the field's.
 * Messaging's workspaces (`POST /v1/emails`: domain_id, mailbox_id) are two of its own, by API key.
 * Ids that are not rows of the company (the internal company route's `parent_company_id`, signed
 * callbacks) are listed in NOT_COMPANY_ROWS with the reason.
 */
let harness: PlatformWebhooks;
let platform: PlatformTestApp;
let dispatch: WebhookDispatchTestApp;
let admin: TestUser;
let A: string;
let messaging: MessagingTestApp;
/** Messaging's two workspaces: API keys, and a domain and a mailbox of each. */
const mail = {} as Record<'own' | 'foreign', { key: string; domain: string; mailbox: string }>;
/** Rows of the tenant (A) and of another company (B), by kind; ids as the API answered them. */
const own = {} as Rows & { draft: string; runnable: string; webhook: string; numberE164: string };
const foreign = {} as Rows & { numberE164: string };

interface Rows {
  role: string;
  user: string;
  number: string;
  spareNumber: string;
  contact: string;
  list: string;
  pipeline: string;
  stage: string;
  agent: string;
  folder: string;
}

/** An id that decodes but names no row of any company. */
const NOWHERE = '9000000001';
const b64 = (id: string) => Buffer.from(id).toString('base64');

beforeAll(async () => {
  harness = await startPlatformWebhooks({
    name: 'hostile_body_ids',
    companyName: 'Tenant Roofing',
    permissions: PERMISSIONS,
    kinds: ['sms.sent'],
    path: '/body-ids',
  });
  ({ platform, dispatch, admin } = harness);
  A = admin.companyId;
  const B = await platform.company('Foreign Roofing');
  const adminB = await platform.user(B, { permissions: PERMISSIONS });
  Object.assign(own, await rowsOf(A, admin), { webhook: harness.webhook.id });
  Object.assign(foreign, await rowsOf(B, adminB));
  own.numberE164 = (
    await platform.db.query('SELECT phone_number FROM platform.phone_numbers WHERE id = $1', [own.number])
  )[0].phone_number;
  foreign.numberE164 = (
    await platform.db.query('SELECT phone_number FROM platform.phone_numbers WHERE id = $1', [foreign.number])
  )[0].phone_number;
  const token = await admin.token();
  own.draft = (await platform.request('post', '/api/Workflow/create', token).send({ name: 'Draft' }).expect(201)).body.data.id;
  own.runnable = (
    await platform
      .request('post', '/api/Workflow/create', token)
      .send({ name: 'Runnable', trigger_config: graphWith('end', {}, 'run_now') })
      .expect(201)
  ).body.data.id;
  await platform.request('put', `/api/Workflow/status/${own.runnable}`, token).send({ status: 'active' }).expect(200);
  messaging = await startMessagingTestApp({
    name: 'hostile-body-ids-messaging',
    workspaces: 2,
    // Sends fail at once and stay failed: the matrix reads the rows, not the mail.
    env: { MESSAGING_SMTP_URL: 'smtp://127.0.0.1:9', MESSAGING_EMAIL_MAX_ATTEMPTS: '1' },
  });
  for (const [side, workspace] of [
    ['own', messaging.workspaces[0]!],
    ['foreign', messaging.workspaces[1]!],
  ] as const) {
    const messagingCall = (path: string, body: object) =>
      request(messaging.app.getHttpServer()).post(path).set('x-api-key', workspace.apiKey).send(body).expect(201);
    const domain = (await messagingCall('/v1/email/domains', { name: `${side}.matrix.test` })).body.id as string;
    const mailbox = (await messagingCall(`/v1/email/domains/${domain}/mailboxes`, { local_part: 'sales' })).body.id as string;
    mail[side] = { key: workspace.apiKey, domain, mailbox };
  }
  // webhook-dispatch knows both lists, so its answers below are about the id, not about an event on its way.
  await eventually(
    async () =>
      (await dispatch.db.query('SELECT id::text FROM webhooks.list_replicas WHERE id = ANY ($1::bigint[])', [
        [own.list, foreign.list],
      ])) as unknown[],
    (rows) => rows.length === 2,
    { timeoutMs: 60_000, what: 'both lists to reach webhook-dispatch' },
  );
}, 240_000);

afterAll(async () => {
  await messaging?.close();
  await harness?.stop();
});

/** One row of each kind in `company`, made as its admin would (HTTP), or by the harness where no route makes one. */
async function rowsOf(company: string, user: TestUser): Promise<Rows> {
  const token = await user.token();
  const data = async (call: Test) => (await call.expect((response) => expect(response.status).toBeLessThan(300))).body.data;
  const number = (await platform.phoneNumber(company)).id;
  const spareNumber = (await platform.phoneNumber(company)).id;
  const contact = (await platform.contact(company, { firstName: 'Row' })).id;
  const pipeline = await platform.pipeline(company, ['New', 'Won']);
  const agent = await data(
    platform.request('post', '/api/agents', token).send({ name: 'Agent', outbound_number_id: Number(spareNumber), active: true }),
  );
  return {
    role: await platform.role(company, [], 'Spare'),
    user: (await platform.user(company)).id,
    number,
    spareNumber,
    contact,
    list: await platform.list(company, [contact]),
    pipeline: pipeline.id,
    stage: pipeline.stages[0]!.id,
    agent: String(agent.id),
    folder: String((await data(platform.request('post', '/api/Workflow/folder', token).send({ f_name: 'Folder' }))).id),
  };
}

/** A graph whose one action (or trigger) holds `config`. */
function graphWith(type: string, config: Record<string, unknown>, trigger = 'contact_created', triggerConfig = {}) {
  return {
    triggers: [{ id: 't1', type: trigger, config: triggerConfig }],
    actions: [{ id: 'a1', type, config }],
    edges: [{ from: 't1', to: 'a1' }],
  };
}

/**
 * Each table's rows, digested: equal digests mean nothing was written. `count:` digests the number
 * of rows only, for a table whose rows move on by themselves (a sandbox call runs its course).
 */
async function digest(db: DataSource, tables: readonly string[]): Promise<unknown[]> {
  const digests = [];
  for (const spec of tables) {
    const table = spec.replace(/^count:/, '');
    const hash = spec.startsWith('count:')
      ? `''`
      : `md5(coalesce(string_agg(to_jsonb(r)::text, ',' ORDER BY to_jsonb(r)::text), ''))`;
    digests.push({ spec, ...(await db.query(`SELECT count(*)::int AS n, ${hash} AS h FROM ${table} r`))[0] });
  }
  return digests;
}

type Pick = (rows: Rows & { numberE164: string }) => unknown;

/** One body field of one write: the request with the field set to a value, and the tables it writes. */
interface FieldCase {
  route: string;
  field: string;
  /** The key of `errors` naming it (a nested field's path). Default: `field`. */
  errorKey?: string;
  /** Other keys the same refusal names, as a consequence of this field's value. */
  alsoNamed?: string[];
  /** The field's value from a company's rows (own or foreign). */
  value: Pick;
  /** The value naming no row, in the field's shape. */
  nowhere: unknown;
  /** The own value for the closing request, when `value(own)` can serve once only (a number an agent then holds). */
  ownValue?: () => Promise<unknown>;
  /** The request with the field set to `value` (already shaped: an array field gets an array). */
  send: (value: unknown, token: string) => Test;
  tables: readonly string[];
  app?: 'platform' | 'webhook-dispatch' | 'messaging';
}

/** A field's values in the spelling it takes: the rows' id as a number, in base64, in a base64 list, as it is. */
const numeric = (pick: (rows: Rows) => string) => ({ value: (rows: Rows) => Number(pick(rows)), nowhere: Number(NOWHERE) });
const base64 = (pick: (rows: Rows) => string) => ({ value: (rows: Rows) => b64(pick(rows)), nowhere: NOWHERE });
const base64List = (pick: (rows: Rows) => string) => ({ value: (rows: Rows) => [b64(pick(rows))], nowhere: [NOWHERE] });
const asIs = (pick: (rows: Rows) => string) => ({ value: (rows: Rows) => pick(rows), nowhere: NOWHERE });

const post = (path: string, body: (value: unknown) => object) => (value: unknown, token: string) =>
  platform.request('post', path, token).send(body(value));
const put = (path: () => string, body: (value: unknown) => object) => (value: unknown, token: string) =>
  platform.request('put', path(), token).send(body(value));
const freshNumber = async () => Number((await platform.phoneNumber(A)).id);
const email = () => `matrix-${randomUUID()}@example.com`;
const userBody = (change: object) => ({ name: 'Matrix', email: email(), role_id: Number(own.role), ...change });
const contactPlacement = (change: object) => ({
  first_name: 'Matrix',
  pipeline_id: own.pipeline,
  stage_id: own.stage,
  ...change,
});
const appointment = (change: object) => ({
  contact_id: own.contact,
  title: 'Matrix',
  starts_at: '2031-01-02T15:00:00Z',
  ...change,
});
const campaign = (change: object) => ({
  name: `Matrix ${randomUUID()}`,
  list_id: own.list,
  calling_window: { start: '09:00', end: '17:00' },
  ...change,
});
const call = (change: object) => ({
  direction: 'outbound',
  from_number: '+12125550100',
  to_number: '+12125550123',
  answered: true,
  duration_seconds: 30,
  ...change,
});
const webhook = (change: object) => ({ title: 'Matrix', url: 'http://127.0.0.1:9/matrix', events: ['sms.sent'], ...change });

/** Every selection a workflow graph can hold that the platform can check (email domains are messaging's). */
const GRAPH_REFERENCES: Array<{
  name: string;
  errorKey: string;
  alsoNamed?: string[];
  value: Pick;
  graph: (value: unknown) => object;
}> = [
  {
    name: 'move_to_stage.pipeline_id',
    errorKey: 'trigger_config.actions[a1].config.pipeline_id',
    // The node's own stage is then not a stage of the pipeline it names, which is true and said too.
    alsoNamed: ['trigger_config.actions[a1].config.stage_id'],
    value: (rows) => rows.pipeline,
    graph: (value) => graphWith('move_to_stage', { pipeline_id: value, stage_id: own.stage }),
  },
  {
    name: 'move_to_stage.stage_id',
    errorKey: 'trigger_config.actions[a1].config.stage_id',
    value: (rows) => rows.stage,
    graph: (value) => graphWith('move_to_stage', { pipeline_id: own.pipeline, stage_id: value }),
  },
  {
    name: 'add_to_list.list_id',
    errorKey: 'trigger_config.actions[a1].config.list_id',
    value: (rows) => rows.list,
    graph: (value) => graphWith('add_to_list', { list_id: value }),
  },
  {
    name: 'assign_user.user_id',
    errorKey: 'trigger_config.actions[a1].config.user_id',
    value: (rows) => rows.user,
    graph: (value) => graphWith('assign_user', { user_id: value }),
  },
  {
    name: 'create_appointment.assigned_to',
    errorKey: 'trigger_config.actions[a1].config.assigned_to',
    value: (rows) => rows.user,
    graph: (value) =>
      graphWith('create_appointment', {
        title: 'Visit',
        starts_in: { amount: 1, unit: 'days' },
        duration_minutes: 30,
        assigned_to: value,
      }),
  },
  {
    name: 'contact_stage_moved.pipeline_id',
    errorKey: 'trigger_config.triggers[t1].config.pipeline_id',
    value: (rows) => rows.pipeline,
    graph: (value) => graphWith('end', {}, 'contact_stage_moved', { pipeline_id: value }),
  },
  {
    name: 'contact_stage_moved.stage_id',
    errorKey: 'trigger_config.triggers[t1].config.stage_id',
    value: (rows) => rows.stage,
    graph: (value) => graphWith('end', {}, 'contact_stage_moved', { pipeline_id: own.pipeline, stage_id: value }),
  },
  {
    name: 'if_else.conditions[].value (stage)',
    errorKey: 'trigger_config.actions[a1].config.conditions[0].value',
    value: (rows) => rows.stage,
    graph: (value) => ({
      triggers: [{ id: 't1', type: 'contact_created', config: {} }],
      actions: [
        { id: 'a1', type: 'if_else', config: { conditions: [{ field: 'stage', operator: 'is', value }] } },
        { id: 'a2', type: 'end', config: {} },
      ],
      edges: [
        { from: 't1', to: 'a1' },
        { from: 'a1', to: 'a2', branch: 'yes' },
      ],
    }),
  },
];

const CASES: FieldCase[] = [
  ...(['role_id', 'ext_phone'] as const).flatMap((field): FieldCase[] => {
    const value: Pick = field === 'role_id' ? (rows) => Number(rows.role) : (rows) => [Number(rows.number)];
    const nowhere = field === 'role_id' ? Number(NOWHERE) : [Number(NOWHERE)];
    const tables = ['platform.users', 'platform.user_ext_phones'];
    return [
      {
        route: 'POST /api/users',
        field,
        value,
        nowhere,
        tables,
        send: post('/api/users', (v) => userBody({ password: 'secret-1', [field]: v })),
      },
      ...['/api/users/{id}', '/api/users/update/{id}'].map((path): FieldCase => ({
        route: `PUT ${path}`,
        field,
        value,
        nowhere,
        tables,
        send: put(
          () => path.replace('{id}', own.user),
          (v) => userBody({ [field]: v }),
        ),
      })),
    ];
  }),
  {
    route: 'POST /api/teams',
    field: 'members[].user_id',
    errorKey: 'members',
    ...numeric((rows) => rows.user),
    tables: ['platform.teams', 'platform.team_members'],
    send: post('/api/teams', (v) => ({ name: 'Matrix', members: [{ user_id: v }] })),
  },
  {
    route: 'POST /api/lists',
    field: 'contact_ids',
    ...base64List((rows) => rows.contact),
    tables: ['platform.contact_lists', 'platform.contact_list_members'],
    send: post('/api/lists', (v) => ({ name: 'Matrix', contact_ids: v })),
  },
  {
    route: 'POST /api/lists/{id}/contacts',
    field: 'contact_ids',
    ...base64List((rows) => rows.contact),
    tables: ['platform.contact_list_members'],
    send: (v, token) => platform.request('post', `/api/lists/${own.list}/contacts`, token).send({ contact_ids: v }),
  },
  ...(['pipeline_id', 'stage_id'] as const).map((field): FieldCase => ({
    route: 'POST /api/contacts',
    field,
    ...base64((rows) => (field === 'pipeline_id' ? rows.pipeline : rows.stage)),
    tables: ['platform.contacts', 'platform.pipeline_contacts'],
    send: post('/api/contacts', (v) => contactPlacement({ [field]: v })),
  })),
  {
    route: 'POST /api/contacts',
    field: 'list_ids',
    ...base64List((rows) => rows.list),
    tables: ['platform.contacts', 'platform.contact_list_members'],
    send: post('/api/contacts', (v) => ({ first_name: 'Matrix', list_ids: v })),
  },
  {
    route: 'POST /api/contacts',
    field: 'assigned_to',
    ...numeric((rows) => rows.user),
    tables: ['platform.contacts'],
    send: post('/api/contacts', (v) => ({ first_name: 'Matrix', assigned_to: v })),
  },
  {
    route: 'PUT /api/contacts/{id}',
    field: 'assigned_to',
    ...numeric((rows) => rows.user),
    tables: ['platform.contacts'],
    send: put(
      () => `/api/contacts/${own.contact}`,
      (v) => ({ assigned_to: v }),
    ),
  },
  ...(['contact_id', 'stage_id'] as const).map((field): FieldCase => ({
    route: 'POST /api/pipeline/contact/move-stage',
    field,
    ...base64((rows) => (field === 'contact_id' ? rows.contact : rows.stage)),
    tables: ['platform.pipeline_contacts', 'platform.pipeline_stage_changes'],
    send: post('/api/pipeline/contact/move-stage', (v) => ({ contact_id: own.contact, stage_id: own.stage, [field]: v })),
  })),
  {
    route: 'POST /api/appointments',
    field: 'contact_id',
    ...base64((rows) => rows.contact),
    tables: ['platform.appointments'],
    send: post('/api/appointments', (v) => appointment({ contact_id: v })),
  },
  {
    route: 'POST /api/appointments',
    field: 'assigned_to',
    ...numeric((rows) => rows.user),
    tables: ['platform.appointments'],
    send: post('/api/appointments', (v) => appointment({ assigned_to: v })),
  },
  ...(['inbound_number_id', 'outbound_number_id'] as const).flatMap((field): FieldCase[] => [
    {
      route: 'POST /api/agents',
      field,
      ...numeric((rows) => rows.number),
      ownValue: freshNumber,
      tables: ['platform.agents'],
      send: post('/api/agents', (v) => ({ name: 'Matrix', [field]: v })),
    },
    {
      route: 'PUT /api/agents/{id}',
      field,
      ...numeric((rows) => rows.number),
      ownValue: freshNumber,
      tables: ['platform.agents'],
      send: put(
        () => `/api/agents/${own.agent}`,
        (v) => ({ [field]: v }),
      ),
    },
  ]),
  {
    route: 'PUT /api/phone-numbers/{id}/agent',
    field: 'agent_id',
    ...numeric((rows) => rows.agent),
    tables: ['platform.agents', 'platform.phone_numbers'],
    send: put(
      () => `/api/phone-numbers/${own.number}/agent`,
      (v) => ({ agent_id: v }),
    ),
  },
  {
    route: 'POST /api/campaigns',
    field: 'list_id',
    ...base64((rows) => rows.list),
    tables: ['platform.campaigns', 'platform.campaign_contacts'],
    send: post('/api/campaigns', (v) => campaign({ list_id: v, caller_number: own.numberE164 })),
  },
  {
    route: 'POST /api/campaigns',
    field: 'agent_id',
    ...numeric((rows) => rows.agent),
    tables: ['platform.campaigns', 'platform.campaign_contacts'],
    send: post('/api/campaigns', (v) => campaign({ agent_id: v })),
  },
  {
    route: 'POST /api/campaigns',
    field: 'caller_number',
    value: (rows) => rows.numberE164,
    nowhere: '+12125559999',
    tables: ['platform.campaigns', 'platform.campaign_contacts'],
    send: post('/api/campaigns', (v) => campaign({ caller_number: v })),
  },
  {
    route: 'POST /api/Workflow/create',
    field: 'folder_id',
    ...asIs((rows) => rows.folder),
    tables: ['platform.workflows'],
    send: post('/api/Workflow/create', (v) => ({ name: 'Matrix', folder_id: v })),
  },
  {
    route: 'PUT /api/Workflow/builder/{id}',
    field: 'folder_id',
    ...asIs((rows) => rows.folder),
    tables: ['platform.workflows'],
    send: put(
      () => `/api/Workflow/builder/${own.draft}`,
      (v) => ({ trigger_config: graphWith('end', {}), folder_id: v }),
    ),
  },
  ...GRAPH_REFERENCES.flatMap((reference): FieldCase[] => [
    {
      route: 'POST /api/Workflow/create',
      field: `trigger_config ${reference.name}`,
      errorKey: reference.errorKey,
      alsoNamed: reference.alsoNamed,
      value: reference.value,
      nowhere: NOWHERE,
      tables: ['platform.workflows'],
      send: post('/api/Workflow/create', (v) => ({ name: 'Matrix', trigger_config: reference.graph(v) })),
    },
    {
      route: 'PUT /api/Workflow/builder/{id}',
      field: `trigger_config ${reference.name}`,
      errorKey: reference.errorKey,
      alsoNamed: reference.alsoNamed,
      value: reference.value,
      nowhere: NOWHERE,
      tables: ['platform.workflows'],
      send: put(
        () => `/api/Workflow/builder/${own.draft}`,
        (v) => ({ trigger_config: reference.graph(v) }),
      ),
    },
  ]),
  {
    route: 'POST /api/Workflow/folder',
    field: 'parent_id',
    ...asIs((rows) => rows.folder),
    tables: ['platform.workflow_folders'],
    send: post('/api/Workflow/folder', (v) => ({ f_name: 'Matrix', parent_id: v })),
  },
  {
    route: 'POST /api/Workflow/{id}/run',
    field: 'contact_ids',
    ...base64List((rows) => rows.contact),
    tables: ['platform.workflow_runs'],
    send: (v, token) => platform.request('post', `/api/Workflow/${own.runnable}/run`, token).send({ contact_ids: v }),
  },
  ...(['agent_id', 'contact_id'] as const).map((field): FieldCase => ({
    route: 'POST /api/sandbox/calls',
    field,
    ...base64((rows) => (field === 'agent_id' ? rows.agent : rows.contact)),
    tables: ['count:platform.calls'],
    send: post('/api/sandbox/calls', (v) => call({ [field]: v })),
  })),
  {
    route: 'POST /api/webhooks',
    field: 'list_id',
    app: 'webhook-dispatch',
    ...base64((rows) => rows.list),
    tables: ['webhooks.webhooks'],
    send: (v, token) => dispatch.request('post', '/api/webhooks', token).send(webhook({ list_id: v })),
  },
  {
    route: 'PUT /api/webhooks/{id}',
    field: 'list_id',
    app: 'webhook-dispatch',
    ...base64((rows) => rows.list),
    tables: ['webhooks.webhooks'],
    send: (v, token) => dispatch.request('put', `/api/webhooks/${own.webhook}`, token).send(webhook({ list_id: v })),
  },
  ...(['domain_id', 'mailbox_id'] as const).map((field): FieldCase => ({
    route: 'POST /v1/emails',
    field,
    app: 'messaging',
    value: () => mail.foreign[field === 'domain_id' ? 'domain' : 'mailbox'],
    ownValue: async () => mail.own[field === 'domain_id' ? 'domain' : 'mailbox'],
    nowhere: randomUUID(),
    // Sends move on by themselves (queued, failed): their number says whether one was made.
    tables: ['count:messaging.email_sends'],
    send: (v) =>
      request(messaging.app.getHttpServer())
        .post('/v1/emails')
        .set('x-api-key', mail.own.key)
        .send({
          domain_id: mail.own.domain,
          mailbox_id: mail.own.mailbox,
          to: 'lead@example.com',
          subject: 'Matrix',
          text: 'Hello',
          request_key: `matrix-${randomUUID()}`,
          [field]: v,
        }),
  })),
];

/**
 * The fields a 422 names, in its API's error shape: the platform's and webhook-dispatch's
 * `{success: false, message, errors: {field: [...]}}`, messaging's `{error}` whose one sentence
 * starts with the field.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an error body of one of three APIs, read by shape
function fieldsNamedBy(fieldCase: FieldCase, body: any): string[] | string {
  if (fieldCase.app === 'messaging') {
    const field = typeof body?.error === 'string' ? /^([a-z_]+) must /.exec(body.error)?.[1] : undefined;
    return field && Object.keys(body).length === 1 ? [field] : JSON.stringify(body);
  }
  if (body?.success !== false || typeof body.message !== 'string') return JSON.stringify(body);
  return Object.keys(body.errors ?? {});
}

describe.each(CASES.map((fieldCase) => ({ ...fieldCase, name: `${fieldCase.route} ${fieldCase.field}` })))(
  '$name',
  (fieldCase) => {
    const db = () =>
      fieldCase.app === 'webhook-dispatch' ? dispatch.db : fieldCase.app === 'messaging' ? messaging.db : platform.db;

    it('is 422 naming the field for another company’s id and for an id of nothing, nothing written; the own id passes', async () => {
      const token = await admin.token();
      const before = await digest(db(), fieldCase.tables);
      for (const [what, value] of [
        ['foreign', fieldCase.value(foreign)],
        ['nowhere', fieldCase.nowhere],
      ] as const) {
        const response = await fieldCase.send(value, token);
        expect({ what, status: response.status, named: fieldsNamedBy(fieldCase, response.body) }).toEqual({
          what,
          status: 422,
          named: [fieldCase.errorKey ?? fieldCase.field, ...(fieldCase.alsoNamed ?? [])],
        });
        expect({ what, tables: await digest(db(), fieldCase.tables) }).toEqual({ what, tables: before });
      }
      const accepted = await fieldCase.send(fieldCase.ownValue ? await fieldCase.ownValue() : fieldCase.value(own), token);
      expect({ status: accepted.status, body: accepted.status < 300 ? 'ok' : accepted.body }).toEqual({
        status: expect.any(Number),
        body: 'ok',
      });
    });
  },
);

/**
 * Body fields that look like ids but name no row of the company, each with why: the matrix above
 * must hold every other one, so a write given a new id field fails here until it has its row.
 */
const NOT_COMPANY_ROWS: Record<string, string> = {
  'POST /api/ad-accounts account_id':
    'the ad platform’s own account id (decision 0043), checked with the ad platform, not a row here',
  'POST /api/voice/callbacks/{provider} call_id':
    'the voice provider’s call id, in a callback signed by the provider (decision 0033)',
  'POST /api/voice/callbacks/{provider} context.agent_id':
    'the context the platform signed into the call when dialling (decision 0033)',
  'POST /api/voice/callbacks/{provider} context.campaign_id':
    'the context the platform signed into the call when dialling (decision 0033)',
  'POST /api/voice/callbacks/{provider} context.company_id':
    'the context the platform signed into the call when dialling (decision 0033)',
  'POST /api/voice/callbacks/{provider} context.contact_id':
    'the context the platform signed into the call when dialling (decision 0033)',
  'POST /v1/carrier/callbacks/{carrier} carrier_message_id':
    'the carrier’s message id, in a callback signed by the carrier (decision 0015)',
  'POST /internal/companies parent_company_id':
    'the launcher’s and admin CLI’s internal route (decision 0004), no tenant; an unknown parent is 404',
};

/** Names of body fields holding company row ids that no `_id`/`_ids` suffix gives away. */
const ID_NAMES = new Set(['ext_phone', 'assigned_to', 'caller_number']);

interface DocSchema {
  type?: string;
  properties?: Record<string, DocSchema>;
  items?: DocSchema;
  $ref?: string;
  allOf?: DocSchema[];
}

/** `route field` for every id-like body field of an app's OpenAPI document, nested ones as `members[].user_id`. */
function idFieldsOf(document: {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: DocSchema }> } }>>;
  components?: { schemas?: Record<string, DocSchema> };
}): string[] {
  const resolve = (schema: DocSchema | undefined, depth = 0): DocSchema => {
    if (!schema || depth > 8) return {};
    if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')], depth + 1);
    if (schema.allOf) {
      const parts = schema.allOf.map((part) => resolve(part, depth + 1));
      return { ...schema, properties: Object.assign({}, schema.properties, ...parts.map((part) => part.properties)) };
    }
    return schema;
  };
  const fields: string[] = [];
  const walk = (route: string, prefix: string, schema: DocSchema) => {
    for (const [name, raw] of Object.entries(resolve(schema).properties ?? {})) {
      const property = resolve(raw);
      const field = `${prefix}${name}`;
      if (/(^|_)ids?$/.test(name) || ID_NAMES.has(name)) fields.push(`${route} ${field}`);
      if (property.properties) walk(route, `${field}.`, property);
      if (property.items && resolve(property.items).properties) walk(route, `${field}[].`, resolve(property.items));
    }
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const schema = operation.requestBody?.content['application/json']?.schema;
      if (schema) walk(`${method.toUpperCase()} ${path}`, '', schema);
    }
  }
  return fields;
}

describe('the matrix', () => {
  it('holds every id-like body field of the platform’s, webhook-dispatch’s and messaging’s writes, or says why one is no row', async () => {
    const documented = [
      ...idFieldsOf((await platform.request('get', '/docs-json', null).expect(200)).body),
      ...idFieldsOf((await dispatch.request('get', '/docs-json', null).expect(200)).body),
      ...idFieldsOf((await request(messaging.app.getHttpServer()).get('/docs-json').expect(200)).body),
    ];
    const covered = new Set(CASES.map((fieldCase) => `${fieldCase.route} ${fieldCase.field}`));
    expect(documented.filter((field) => !covered.has(field) && !(field in NOT_COMPANY_ROWS)).sort()).toEqual([]);
  });

  it('holds every reference field of the workflow catalogs (email domains are messaging’s, checked when the step sends)', async () => {
    const token = await admin.token();
    const catalog = [
      ...(await platform.request('get', '/api/Workflow/catalog/triggers', token).expect(200)).body.data.triggers,
      ...(await platform.request('get', '/api/Workflow/catalog/actions', token).expect(200)).body.data.actions,
    ] as Array<{ type: string; config_fields: Array<{ key: string; type: string; reference?: string }> }>;
    const references = catalog.flatMap((entry) =>
      entry.config_fields
        .filter((field) => field.type === 'reference' && field.reference !== 'email_domain')
        .map((field) => `${entry.type}.${field.key}`),
    );
    const covered = GRAPH_REFERENCES.map((reference) => reference.name).filter((name) => !name.startsWith('if_else.'));
    expect(covered.sort()).toEqual(references.sort());
  });
});
