import { CompanyScopedRepository } from '@suite/database';
import { Topics } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { CLOCK } from '@suite/time';
import { eventually, TestClock } from '@suite/testing';
import { ContactEntity, ContactsService, PipelineContactEntity } from '../../crm';
import { base64Id } from '../../shared/api-ids';
import { PlatformTestApp, type TestUser } from '../../testing';
import { loopGuardMessage } from './runs/run-starter';
import { WorkflowTimers } from './runs/workflow-timers';
import { WorkflowRunEntity } from './workflow-run.entity';

/**
 * The engine end to end on real PostgreSQL and Kafka: workflows saved and activated through the
 * API, fired by the suite's events through the inbox, steps carried by durable jobs, waits on
 * database timers moved along by a controllable clock, and what leaves the platform (a text)
 * asked for exactly once — through a redelivered trigger and a restart between steps.
 */
const DAY = 24 * 60 * 60_000;
let platform: PlatformTestApp;
let clock: TestClock;
let companyId: string;
let editor: TestUser;
const GUARD = process.env.PLATFORM_WORKFLOW_LOOP_GUARD_MAX;

beforeAll(async () => {
  process.env.PLATFORM_WORKFLOW_LOOP_GUARD_MAX = '3';
  clock = new TestClock().run();
  platform = await PlatformTestApp.start('workflow_engine', { overrides: [{ provide: CLOCK, useValue: clock }] });
  companyId = await platform.company('Automations');
  editor = await platform.actor(companyId, ['view-workflows', 'edit-workflows']);
});
// Back to real time after a test moved the clock: the app also reads it to check tokens' expiry.
afterEach(() => clock.set(new Date()).run());
afterAll(async () => {
  if (GUARD === undefined) delete process.env.PLATFORM_WORKFLOW_LOOP_GUARD_MAX;
  else process.env.PLATFORM_WORKFLOW_LOOP_GUARD_MAX = GUARD;
  await platform?.stop();
});

let numbers = 0;
const phone = () => `+1212555${String(1000 + ++numbers).slice(-4)}`;

/** A workflow created with `graph` and activated, through the API; its numeric id. */
async function activeWorkflow(graph: object, name = 'Flow'): Promise<string> {
  const token = await editor.token();
  const created = await platform.request('post', '/api/Workflow/create', token).send({ name, trigger_config: graph }).expect(201);
  const id: string = created.body.data.id;
  await platform.request('put', `/api/Workflow/status/${id}`, token).send({ status: 'active' }).expect(200);
  return platform.codec.decode(id)!;
}

const runsOf = (workflowId: string) =>
  CompanyScopedRepository.of(platform.db, WorkflowRunEntity, companyId).find({ where: { workflowId }, order: { id: 'ASC' } });

async function settledRuns(workflowId: string, count: number, status?: string): Promise<WorkflowRunEntity[]> {
  return eventually(
    () => runsOf(workflowId),
    (runs) => runs.length === count && (!status || runs.every((run) => run.status === status)),
    { timeoutMs: 30_000, what: `${count} run(s) of workflow ${workflowId}${status ? ` ${status}` : ''}` },
  );
}

/** The texts the platform asked messaging for, for a run (the outbox holds every event it published). */
async function smsRequests(runId: string): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  const rows: Array<{ envelope: { id: string; data: Record<string, unknown> } }> = await platform.db.query(
    "SELECT envelope FROM platform.outbox WHERE topic = $1 AND type = 'workflow_step.sms_requested' AND subject = $2 ORDER BY seq",
    [Topics.platformWorkflowStep, runId],
  );
  return rows.map((row) => ({ id: row.envelope.id, data: row.envelope.data }));
}

async function steps(
  runId: string,
): Promise<Array<{ step: number; type: string; status: string; detail: Record<string, unknown> }>> {
  return platform.db.query('SELECT step, type, status, detail FROM platform.workflow_run_steps WHERE run_id = $1 ORDER BY step', [
    runId,
  ]);
}

async function runById(id: string): Promise<WorkflowRunEntity> {
  const run = await CompanyScopedRepository.of(platform.db, WorkflowRunEntity, companyId).findOneBy({ id });
  if (!run) throw new Error(`no run ${id}`);
  return run;
}

async function contactById(id: string): Promise<ContactEntity> {
  const contact = await CompanyScopedRepository.of(platform.db, ContactEntity, companyId).findOneBy({ id });
  if (!contact) throw new Error(`no contact ${id}`);
  return contact;
}

/** Moves the engine's clock and lets the waits whose time has come resume. */
async function passTime(ms: number): Promise<void> {
  clock.advance(ms);
  await platform.app.get(WorkflowTimers).resumeDue(companyId);
}

describe('a lead arrives, gets a text, and two days later moves to Nurture unless they replied', () => {
  let workflowId: string;
  let nurture: string;

  beforeAll(async () => {
    const pipeline = await platform.pipeline(companyId, ['New', 'Nurture']);
    nurture = pipeline.stages[1]!.id;
    workflowId = await activeWorkflow({
      triggers: [{ id: 'lead', type: 'contact_created', config: {} }],
      actions: [
        { id: 'hello', type: 'send_sms', config: { message: 'Hi {{contact.first_name}}, thanks for reaching out!' } },
        { id: 'pause', type: 'wait', config: { duration: { amount: 2, unit: 'days' } } },
        { id: 'quiet', type: 'if_else', config: { conditions: [{ field: 'last_reply', operator: 'none_since_run_start' }] } },
        { id: 'nurture', type: 'move_to_stage', config: { pipeline_id: pipeline.id, stage_id: nurture } },
        { id: 'again', type: 'send_sms', config: { message: 'Still interested, {{contact.first_name}}?' } },
        { id: 'talking', type: 'add_tag', config: { tag: 'replied' } },
      ],
      edges: [
        { from: 'lead', to: 'hello' },
        { from: 'hello', to: 'pause' },
        { from: 'pause', to: 'quiet' },
        { from: 'quiet', to: 'nurture', branch: 'yes' },
        { from: 'quiet', to: 'talking', branch: 'no' },
        { from: 'nurture', to: 'again' },
      ],
    });
  });

  it('texts once through a redelivered trigger and a restart, then follows the yes branch after two days', async () => {
    const contact = await platform.contact(companyId, { firstName: 'Ann', phone: phone() });
    const [run] = await settledRuns(workflowId, 1, 'waiting');
    const first = await smsRequests(run!.id);
    expect(first).toHaveLength(1);
    expect(first[0]!.data).toMatchObject({
      contact_id: contact.id,
      to: contact.phone,
      body: 'Hi Ann, thanks for reaching out!',
      idempotency_key: `wf:${run!.id}:1`,
    });

    // Kafka delivers the trigger again (the same envelope, republished): the inbox starts nothing new.
    await platform.db.query(
      `INSERT INTO platform.outbox (id, topic, type, subject, envelope)
       SELECT id, topic, type, subject, envelope FROM platform.outbox WHERE type = 'crm_contact.created' AND subject = $1`,
      [contact.id],
    );
    await eventually(
      async () =>
        (
          await platform.db.query('SELECT count(*)::int AS n FROM platform.outbox WHERE subject = $1 AND published_at IS NULL', [
            contact.id,
          ])
        )[0].n,
      (unpublished: number) => unpublished === 0,
      { what: 'the repeated trigger to be published' },
    );
    await platform.restart();
    await passTime(2 * DAY);

    const [done] = await settledRuns(workflowId, 1, 'completed');
    expect(done!.id).toBe(run!.id);
    const texts = await smsRequests(run!.id);
    expect(texts.map((text) => text.data.body)).toEqual(['Hi Ann, thanks for reaching out!', 'Still interested, Ann?']);
    expect(new Set(texts.map((text) => text.data.idempotency_key)).size).toBe(2);
    expect((await steps(run!.id)).map(({ type, status, detail }) => [type, status, detail.branch ?? null])).toEqual([
      ['send_sms', 'completed', null],
      ['wait', 'completed', null],
      ['if_else', 'completed', 'yes'],
      ['move_to_stage', 'completed', null],
      ['send_sms', 'completed', null],
    ]);
    const placement = await CompanyScopedRepository.of(platform.db, PipelineContactEntity, companyId).findOne({
      where: { contactId: contact.id },
    });
    expect(placement?.stageId).toBe(nurture);
    expect(await platform.lastEvent(Topics.platformWorkflow, run!.id)).toMatchObject({
      type: 'workflow_run.completed',
      data: { status: 'completed', contact_id: contact.id, trigger_type: 'contact_created' },
    });
  });

  it('follows the no branch when the lead replied during the wait', async () => {
    const contact = await platform.contact(companyId, { firstName: 'Bo', phone: phone() });
    const runs = await settledRuns(workflowId, 2);
    const run = runs[1]!;
    await eventually(
      () => runById(run.id),
      (current) => current.status === 'waiting',
      { what: 'the run to wait' },
    );
    clock.advance(DAY);
    // Messaging reports the reply (published here as messaging would publish it).
    await platform.db.transaction((manager) =>
      platform.app.get(Outbox).append(
        manager,
        newEvent('conversation.replied', {
          companyId,
          subject: contact.phone!,
          data: {
            company_id: companyId,
            contact_phone: contact.phone!,
            from_number: '+12125550100',
            message_id: '9b2f5f7e-1c1a-4c55-9c39-8f3f1c0b2a11',
            replied_to_message_id: '2b2f5f7e-1c1a-4c55-9c39-8f3f1c0b2a11',
            body: 'Yes please',
            channel: 'sms',
            received_at: clock.now().toISOString(),
          },
        }),
      ),
    );
    await eventually(
      async () =>
        (
          await platform.db.query('SELECT count(*)::int AS n FROM platform.workflow_contact_replies WHERE phone = $1', [
            contact.phone,
          ])
        )[0].n,
      (n: number) => n === 1,
      { what: 'the reply to be recorded' },
    );
    await passTime(DAY);
    await eventually(
      () => runById(run.id),
      (current) => current.status === 'completed',
      { what: 'the run to complete' },
    );
    expect((await steps(run.id)).map(({ type, detail }) => [type, detail.branch ?? null])).toEqual([
      ['send_sms', null],
      ['wait', null],
      ['if_else', 'no'],
      ['add_tag', null],
    ]);
    const tagged = await contactById(contact.id);
    expect(tagged.tags).toEqual(['replied']);
    expect(await smsRequests(run.id)).toHaveLength(1);
  });
});

describe('versions', () => {
  it('keeps a run in flight on its version while new runs take the saved one', async () => {
    const graph = (tag: string) => ({
      triggers: [{ id: 't', type: 'tag_added', config: { tag: 'versioned' } }],
      actions: [
        { id: 'w', type: 'wait', config: { duration: { amount: 1, unit: 'hours' } } },
        { id: 'a', type: 'add_tag', config: { tag } },
      ],
      edges: [
        { from: 't', to: 'w' },
        { from: 'w', to: 'a' },
      ],
    });
    const workflowId = await activeWorkflow(graph('first-version'), 'Versioned');
    const early = await platform.contact(companyId, { phone: phone() });
    await platform.app.get(ContactsService).update(companyId, early.id, { tags: ['versioned'] }, null);
    await settledRuns(workflowId, 1, 'waiting');

    const token = await editor.token();
    await platform
      .request('put', `/api/Workflow/builder/${base64Id(workflowId)}`, token)
      .send({ trigger_config: graph('second-version') })
      .expect(200);
    const late = await platform.contact(companyId, { phone: phone() });
    await platform.app.get(ContactsService).update(companyId, late.id, { tags: ['versioned'] }, null);
    const runs = await settledRuns(workflowId, 2, 'waiting');
    expect(runs.map((run) => run.version)).toEqual([runs[0]!.version, runs[0]!.version + 1]);

    await passTime(2 * 60 * 60_000);
    await settledRuns(workflowId, 2, 'completed');
    expect((await contactById(early.id)).tags).toEqual(['versioned', 'first-version']);
    expect((await contactById(late.id)).tags).toEqual(['versioned', 'second-version']);
  });
});

describe('manual runs and the loop guard', () => {
  it('starts a contact at most N times in 30 minutes, then logs the refusal as a skipped run', async () => {
    const workflowId = await activeWorkflow({
      triggers: [{ id: 'manual', type: 'run_now', config: {} }],
      actions: [{ id: 'stop', type: 'end', config: {} }],
      edges: [{ from: 'manual', to: 'stop' }],
    });
    const contact = await platform.contact(companyId, { phone: phone() });
    const token = await editor.token();
    const statuses: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await platform
        .request('post', `/api/Workflow/${base64Id(workflowId)}/run`, token)
        .send({ contact_ids: [Number(contact.id)] })
        .expect(201);
      statuses.push(answer.body.data.runs[0].status);
    }
    expect(statuses).toEqual(['completed', 'completed', 'completed', 'skipped', 'skipped']);
    const runs = await eventually(
      () => runsOf(workflowId),
      (all) => all.filter((run) => run.status === 'completed').length === 3,
      { what: 'three completed runs' },
    );
    expect(runs.filter((run) => run.status === 'skipped').map((run) => run.error)).toEqual([
      loopGuardMessage(3),
      loopGuardMessage(3),
    ]);
  });

  it('applies the guard to the starts of events that arrive together, contact by contact', async () => {
    const workflowId = await activeWorkflow({
      triggers: [{ id: 'tagged', type: 'tag_added', config: { tag: 'hot' } }],
      actions: [{ id: 'stop', type: 'end', config: {} }],
      edges: [{ from: 'tagged', to: 'stop' }],
    });
    const often = await platform.contact(companyId, { phone: phone() });
    const twice = await platform.contact(companyId, { phone: phone() });
    // Seven events published in one transaction, so the inbox most likely takes them in one chunk
    // (the runs start together at its end); the outcome is the same however they are chunked.
    const tagged = (contactId: string) =>
      newEvent('crm_contact.tags_added', {
        companyId,
        subject: contactId,
        data: { id: contactId, company_id: companyId, added_tags: ['hot'], tags: ['hot'], changed_by: null },
      });
    await platform.db.transaction((manager) =>
      platform.app
        .get(Outbox)
        .append(manager, [often.id, twice.id, often.id, often.id, twice.id, often.id, often.id].map(tagged)),
    );
    const runs = await eventually(
      () => runsOf(workflowId),
      (all) => all.length === 7 && all.every((run) => run.status === 'completed' || run.status === 'skipped'),
      { what: 'seven runs, completed or refused' },
    );
    const outcome = (contactId: string) =>
      runs.filter((run) => run.contactId === contactId).map((run) => [run.status, run.error]);
    expect(outcome(often.id)).toEqual([
      ['completed', null],
      ['completed', null],
      ['completed', null],
      ['skipped', loopGuardMessage(3)],
      ['skipped', loopGuardMessage(3)],
    ]);
    expect(outcome(twice.id)).toEqual([
      ['completed', null],
      ['completed', null],
    ]);
  });

  it('refuses a run for another company’s contact, and of a workflow without a Run Now trigger', async () => {
    const stranger = await platform.contact(await platform.company('Other'), { phone: phone() });
    const workflowId = await activeWorkflow({
      triggers: [{ id: 'manual', type: 'run_now', config: {} }],
      actions: [{ id: 'stop', type: 'end', config: {} }],
      edges: [{ from: 'manual', to: 'stop' }],
    });
    const token = await editor.token();
    await platform
      .request('post', `/api/Workflow/${base64Id(workflowId)}/run`, token)
      .send({ contact_ids: [Number(stranger.id)] })
      .expect(422);
    const other = await activeWorkflow({
      triggers: [{ id: 'lead', type: 'appointment_scheduled', config: {} }],
      actions: [{ id: 'stop', type: 'end', config: {} }],
      edges: [{ from: 'lead', to: 'stop' }],
    });
    const mine = await platform.contact(companyId, { phone: phone() });
    const refused = await platform
      .request('post', `/api/Workflow/${base64Id(other)}/run`, token)
      .send({ contact_ids: [Number(mine.id)] })
      .expect(422);
    expect(refused.body.message).toBe('The workflow has no Run Now trigger.');
  });
});

describe('a step that cannot succeed', () => {
  it('fails the run at once with the error in its log and workflow_run.failed', async () => {
    const workflowId = await activeWorkflow({
      triggers: [{ id: 'booked', type: 'appointment_scheduled', config: {} }],
      actions: [{ id: 'text', type: 'send_sms', config: { message: 'See you soon' } }],
      edges: [{ from: 'booked', to: 'text' }],
    });
    const noPhone = await platform.contact(companyId, { phone: null });
    await platform.appointment(companyId, { contactId: noPhone.id });
    const [run] = await settledRuns(workflowId, 1, 'failed');
    expect(run!.error).toBe('The contact has no phone number to text.');
    expect((await steps(run!.id)).map(({ type, status }) => [type, status])).toEqual([['send_sms', 'failed']]);
    expect(await platform.lastEvent(Topics.platformWorkflow, run!.id)).toMatchObject({ type: 'workflow_run.failed' });
  });
  it('fails alone among runs that wake together: the others go on, each text asked for once', async () => {
    const workflowId = await activeWorkflow({
      triggers: [{ id: 'booked', type: 'appointment_scheduled', config: {} }],
      actions: [
        { id: 'later', type: 'wait', config: { duration: { amount: 1, unit: 'hours' } } },
        { id: 'text', type: 'send_sms', config: { message: 'See you soon' } },
        { id: 'woke', type: 'add_tag', config: { tag: 'woke' } },
      ],
      edges: [
        { from: 'booked', to: 'later' },
        { from: 'later', to: 'text' },
        { from: 'text', to: 'woke' },
      ],
    });
    const reachable = [
      await platform.contact(companyId, { phone: phone() }),
      await platform.contact(companyId, { phone: phone() }),
    ];
    const noPhone = await platform.contact(companyId, { phone: null });
    for (const contact of [reachable[0]!, noPhone, reachable[1]!])
      await platform.appointment(companyId, { contactId: contact.id });
    await settledRuns(workflowId, 3, 'waiting');
    // Their jobs come due at once: the same claim takes their steps together (StepBatches).
    await passTime(2 * 60 * 60_000);
    const runs = await eventually(
      () => runsOf(workflowId),
      (all) => all.every((run) => run.status === 'completed' || run.status === 'failed'),
      { timeoutMs: 30_000, what: 'three runs ended' },
    );
    const byContact = new Map(runs.map((run) => [run.contactId, run]));
    expect(byContact.get(noPhone.id)).toMatchObject({ status: 'failed', error: 'The contact has no phone number to text.' });
    for (const contact of reachable) {
      const run = byContact.get(contact.id)!;
      expect(run.status).toBe('completed');
      expect((await smsRequests(run.id)).map((text) => text.data.to)).toEqual([contact.phone]);
      expect((await steps(run.id)).map(({ type, status }) => [type, status])).toEqual([
        ['wait', 'completed'],
        ['send_sms', 'completed'],
        ['add_tag', 'completed'],
      ]);
      expect((await contactById(contact.id)).tags).toEqual(['woke']);
    }
  });
});

describe('tag steps of runs that wake together (one write for the batch)', () => {
  /** A workflow started by `trigger` that waits an hour, then does `action`. */
  const waitThen = (trigger: string, action: object) =>
    activeWorkflow({
      triggers: [{ id: 't', type: 'tag_added', config: { tag: trigger } }],
      actions: [
        { id: 'w', type: 'wait', config: { duration: { amount: 1, unit: 'hours' } } },
        { id: 'a', ...action },
      ],
      edges: [
        { from: 't', to: 'w' },
        { from: 'w', to: 'a' },
      ],
    });

  const contactEvents = (contactId: string, type: string): Promise<Array<{ data: Record<string, unknown> }>> =>
    platform.db
      .query('SELECT envelope FROM platform.outbox WHERE type = $1 AND subject = $2 ORDER BY seq', [type, contactId])
      .then((rows: Array<{ envelope: { data: Record<string, unknown> } }>) => rows.map((row) => row.envelope));

  it('keeps every change of a contact tagged twice in one batch, its events carrying the time the row got', async () => {
    const first = await waitThen('pair', { type: 'add_tag', config: { tag: 'pair-a' } });
    const second = await waitThen('pair', { type: 'add_tag', config: { tag: 'pair-b' } });
    const contacts = [
      await platform.contact(companyId, { phone: phone() }),
      await platform.contact(companyId, { phone: phone() }),
    ];
    for (const contact of contacts)
      await platform.app.get(ContactsService).update(companyId, contact.id, { tags: ['pair'] }, null);
    await settledRuns(first, 2, 'waiting');
    await settledRuns(second, 2, 'waiting');
    // Four jobs come due at once: the same claim takes their tag steps together (StepBatches).
    await passTime(2 * 60 * 60_000);
    await settledRuns(first, 2, 'completed');
    await settledRuns(second, 2, 'completed');
    for (const contact of contacts) {
      const tagged = await contactById(contact.id);
      expect([...tagged.tags].sort()).toEqual(['pair', 'pair-a', 'pair-b']);
      const added = await contactEvents(contact.id, 'crm_contact.tags_added');
      expect(added.map((event) => event.data.added_tags).sort()).toEqual([['pair'], ['pair-a'], ['pair-b']]);
      const updated = await contactEvents(contact.id, 'crm_contact.updated');
      expect(updated).toHaveLength(3);
      // The last snapshot is the row as it stands, its time the one the write gave it.
      expect(updated.at(-1)!.data).toMatchObject({ tags: tagged.tags, updated_at: tagged.updatedAt.toISOString() });
    }
  });

  it('writes the tags of the others once when a run of their batch fails: it fails alone', async () => {
    const tagging = await waitThen('mixed', { type: 'add_tag', config: { tag: 'mixed-done' } });
    const texting = await waitThen('mixed', { type: 'send_sms', config: { message: 'Hello' } });
    const reachable = await platform.contact(companyId, { phone: phone() });
    const noPhone = await platform.contact(companyId, { phone: null });
    for (const contact of [reachable, noPhone])
      await platform.app.get(ContactsService).update(companyId, contact.id, { tags: ['mixed'] }, null);
    await settledRuns(tagging, 2, 'waiting');
    await settledRuns(texting, 2, 'waiting');
    await passTime(2 * 60 * 60_000);
    await settledRuns(tagging, 2, 'completed');
    const texts = await eventually(
      () => runsOf(texting),
      (runs) => runs.every((run) => run.status === 'completed' || run.status === 'failed'),
      { timeoutMs: 30_000, what: 'the texting runs ended' },
    );
    expect(texts.find((run) => run.contactId === noPhone.id)).toMatchObject({
      status: 'failed',
      error: 'The contact has no phone number to text.',
    });
    expect(texts.find((run) => run.contactId === reachable.id)?.status).toBe('completed');
    for (const contact of [reachable, noPhone]) {
      expect((await contactById(contact.id)).tags).toEqual(['mixed', 'mixed-done']);
      const added = await contactEvents(contact.id, 'crm_contact.tags_added');
      expect(added.map((event) => event.data.added_tags)).toEqual([['mixed'], ['mixed-done']]);
    }
  });
});

describe('the platform’s own tag events', () => {
  it('takes back no tags_added of a company without a tag_added workflow (nor any updated), and publishes both', async () => {
    const quiet = await platform.company('No tag triggers');
    const contact = await platform.contact(quiet, { phone: phone() });
    await platform.app.get(ContactsService).update(quiet, contact.id, { tags: ['vip'] }, null);
    // A later event of the same contact (so of the same partition) that the platform handles: once it
    // is in the inbox, every event of the contact before it has been consumed.
    const [marker] = await platform.db.query(
      `WITH n AS (SELECT gen_random_uuid() AS id)
       INSERT INTO platform.outbox (id, topic, type, subject, envelope)
       SELECT n.id, o.topic, o.type, o.subject, jsonb_set(o.envelope::jsonb, '{id}', to_jsonb(n.id::text))::json
         FROM platform.outbox o, n WHERE o.type = 'crm_contact.created' AND o.subject = $1
       RETURNING id`,
      [contact.id],
    );
    const inboxed = async (eventId: string) =>
      (await platform.db.query('SELECT count(*)::int AS n FROM platform.inbox WHERE event_id = $1', [eventId]))[0].n === 1;
    await eventually(
      () => inboxed(marker.id),
      (done) => done,
      { timeoutMs: 30_000, what: 'the later event to be consumed' },
    );
    const published: Array<{ id: string; type: string; published: boolean }> = await platform.db.query(
      `SELECT id, type, published_at IS NOT NULL AS published FROM platform.outbox
        WHERE subject = $1 AND type IN ('crm_contact.created', 'crm_contact.updated', 'crm_contact.tags_added') ORDER BY seq`,
      [contact.id],
    );
    expect(published.map(({ type, published: out }) => [type, out])).toEqual([
      ['crm_contact.created', true],
      ['crm_contact.updated', true],
      ['crm_contact.tags_added', true],
      ['crm_contact.created', true],
    ]);
    expect(await Promise.all(published.map(({ id }) => inboxed(id)))).toEqual([true, false, false, true]);
  });
});
