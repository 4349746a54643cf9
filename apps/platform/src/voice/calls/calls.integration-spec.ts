import { CompanyScopedRepository } from '@suite/database';
import { randomUUID } from 'node:crypto';
import { Topics } from '@suite/contracts';
import { eventually } from '@suite/testing';
import { ContactsService, StageDispositionEntity } from '../../crm';
import { createTenancyFixture, PlatformTestApp, type CompanyKey, type EndpointCase, type TenancyFixture } from '../../testing';
import { describeEndpointRules } from '../../testing/describe-endpoint-rules';
import { encodeVoiceCallbacks } from '../provider/voice-callback-codec';
import { SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET } from '../provider/voice-callback-secret';
import { VoiceCallbackSigner } from '../provider/voice-callback-signature';
import { CallRejectedError } from '../provider/voice-errors';
import { VOICE_PROVIDER, type CallContext, type VoiceCallback, type VoiceProvider } from '../provider/voice-provider.port';

/**
 * Calls on real PostgreSQL and Kafka: the signed callback route (signature, body, provider),
 * the lifecycle's once-and-in-order events whatever the provider repeats or reorders, the
 * sandbox's scripted calls through the voice-provider port, and dispositions moving contacts.
 */
let platform: PlatformTestApp;
let fixture: TenancyFixture;

beforeAll(async () => {
  process.env.PLATFORM_SANDBOX_CALL_STEP_MS = '20';
  platform = await PlatformTestApp.start('calls');
  fixture = await createTenancyFixture(platform);
});
afterAll(() => platform?.stop());

const signer = new VoiceCallbackSigner(SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET);
const CALLBACKS = '/api/voice/callbacks/sandbox';

function post(body: string, headers: Record<string, string> = signer.sign(body), path = CALLBACKS) {
  return platform.request('post', path, null).set('content-type', 'application/json').set(headers).send(body);
}

const context = (companyId: string, more: Partial<CallContext> = {}): CallContext => ({
  companyId,
  contactId: null,
  campaignId: null,
  agentId: null,
  ...more,
});

function lifecycle(callId: string, ctx: CallContext, start = new Date('2026-03-02T15:00:00Z')) {
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  const step = { callId, context: ctx };
  return {
    started: { kind: 'started', ...step, at: start, direction: 'outbound', from: '+12125550100', to: '+13105550111' },
    answered: { kind: 'answered', ...step, at: at(5) },
    transferred: { kind: 'transferred', ...step, at: at(30), transferredTo: null },
    ended: {
      kind: 'ended',
      ...step,
      at: at(65),
      durationSeconds: 60,
      hangupReason: 'user_hangup',
      callSuccessful: true,
      sentiment: 'Positive',
      disposition: 'Interested',
      transcription: 'Hello',
      recordingUrl: 'https://example.com/r.mp3',
      tags: ['a'],
      customFields: { x: 1 },
    },
  } satisfies Record<string, VoiceCallback>;
}

async function eventsOf(callId: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  const rows: Array<{ type: string; envelope: { data: Record<string, unknown> } }> = await platform.db.query(
    'SELECT type, envelope FROM platform.outbox WHERE topic = $1 AND subject = $2 ORDER BY seq',
    [Topics.platformCall, callId],
  );
  return rows.map((row) => ({ type: row.type, data: row.envelope.data }));
}

describe('POST /api/voice/callbacks/{provider}', () => {
  let company: string;
  beforeAll(async () => {
    company = await platform.company();
  });

  const body = () => encodeVoiceCallbacks([lifecycle(`c-${randomUUID()}`, context(company)).started]);

  it('refuses a missing, malformed, stale or bad signature with 401', async () => {
    const raw = body();
    await post(raw, {}).expect(401);
    await post(raw, { 'x-voice-timestamp': 'yesterday', 'x-voice-signature': 'sha256=00' }).expect(401);
    const stale = new VoiceCallbackSigner(SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET, () => new Date(Date.now() - 10 * 60_000));
    await post(raw, stale.sign(raw)).expect(401);
    const other = new VoiceCallbackSigner('another-secret-another-secret-another-secret');
    const refused = await post(raw, other.sign(raw)).expect(401);
    expect(refused.body).toMatchObject({ success: false, message: 'callback signature does not match' });
  });

  it('refuses a signed body it cannot read with 400, and another provider with 404', async () => {
    await post('{"kind":"started"}').expect(400);
    await post('not json').expect(400);
    const raw = encodeVoiceCallbacks([lifecycle('c-1', context(company)).started]);
    await post(raw.replace('"outbound"', '"sideways"')).expect(400);
    await post(raw, signer.sign(raw), '/api/voice/callbacks/twilio').expect(404);
  });

  it('records started → answered → transferred → ended once each, in order, with their events', async () => {
    const callId = `c-${randomUUID()}`;
    const steps = lifecycle(callId, context(company));
    const all = encodeVoiceCallbacks([steps.started, steps.answered, steps.transferred, steps.ended]);
    const first = await post(all).expect(200);
    expect(first.body.results).toEqual(
      ['started', 'answered', 'transferred', 'ended'].map((kind) => ({ kind, call_id: callId, outcome: 'applied' })),
    );
    // The provider retries everything, and one step alone: nothing changes, nothing is published.
    const again = await post(all).expect(200);
    expect(again.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    await post(encodeVoiceCallbacks([steps.answered])).expect(200, {
      results: [{ kind: 'answered', call_id: callId, outcome: 'duplicate' }],
    });

    const events = await eventsOf(callId);
    expect(events.map((event) => event.type)).toEqual(['call.started', 'call.answered', 'call.transferred', 'call.ended']);
    expect(events.map((event) => event.data.call_status)).toEqual(['ringing', 'in_progress', 'transferred', 'completed']);
    expect(events[3]!.data).toMatchObject({
      call_id: callId,
      company_id: company,
      caller_number: '+12125550100',
      called_number: '+13105550111',
      call_duration: 60,
      call_direction: 'outbound',
      disposition: 'Interested',
      sentiment: 'Positive',
      tags: ['a'],
      custom_fields: { x: 1 },
      call_successful: true,
      hangup_reason: 'user_hangup',
      started_at: '2026-03-02T15:00:00.000Z',
      answered_at: '2026-03-02T15:00:05.000Z',
      ended_at: '2026-03-02T15:01:05.000Z',
    });
  });

  it('publishes each step once when the provider delivers the same callbacks concurrently', async () => {
    const callId = `c-${randomUUID()}`;
    const steps = lifecycle(callId, context(company));
    const all = encodeVoiceCallbacks([steps.started, steps.answered, steps.ended]);
    const answers = await Promise.all([post(all), post(all), post(encodeVoiceCallbacks([steps.ended])), post(all)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const outcomes = answers.flatMap((answer) => answer.body.results as Array<{ kind: string; outcome: string }>);
    expect(outcomes.filter((result) => result.kind === 'ended' && result.outcome === 'applied')).toHaveLength(1);
    expect((await eventsOf(callId)).map((event) => event.type)).toEqual(['call.started', 'call.answered', 'call.ended']);
  });

  it('records an ended that arrives first as started, answered and ended; later steps are duplicate (recorded) or ignored', async () => {
    const callId = `c-${randomUUID()}`;
    const steps = lifecycle(callId, context(company));
    await post(encodeVoiceCallbacks([steps.ended])).expect(200, {
      results: [{ kind: 'ended', call_id: callId, outcome: 'applied' }],
    });
    const late = await post(encodeVoiceCallbacks([steps.started, steps.answered, steps.transferred])).expect(200);
    expect(late.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['duplicate', 'duplicate', 'ignored']);
    const events = await eventsOf(callId);
    expect(events.map((event) => event.type)).toEqual(['call.started', 'call.answered', 'call.ended']);
    expect(events[2]!.data).toMatchObject({ call_status: 'completed', answered_at: '2026-03-02T15:00:05.000Z' });
  });

  it('ends an unanswered call no_answer and a failing one failed', async () => {
    const ended = (callId: string, hangupReason: 'dial_no_answer' | 'error') => ({
      ...lifecycle(callId, context(company)).ended,
      durationSeconds: 0,
      hangupReason,
      disposition: null,
    });
    const [a, b] = [`c-${randomUUID()}`, `c-${randomUUID()}`];
    await post(
      encodeVoiceCallbacks([lifecycle(a, context(company)).started, ended(a, 'dial_no_answer'), ended(b, 'error')]),
    ).expect(200);
    expect((await eventsOf(a)).map((e) => [e.type, e.data.call_status])).toEqual([
      ['call.started', 'ringing'],
      ['call.ended', 'no_answer'],
    ]);
    expect((await eventsOf(b)).at(-1)!.data.call_status).toBe('failed');
    // An answer reported after the end of a call never answered changes nothing.
    await post(encodeVoiceCallbacks([lifecycle(a, context(company)).answered])).expect(200, {
      results: [{ kind: 'answered', call_id: a, outcome: 'ignored' }],
    });
    expect(await eventsOf(a)).toHaveLength(2);
  });

  it("drops context ids that are not the company's, and ignores calls of unknown companies", async () => {
    const stranger = await platform.company();
    const foreign = await platform.contact(stranger);
    const callId = `c-${randomUUID()}`;
    await post(
      encodeVoiceCallbacks([lifecycle(callId, context(company, { contactId: foreign.id, agentId: '999999' })).started]),
    ).expect(200);
    expect((await eventsOf(callId))[0]!.data).toMatchObject({ contact_id: null, agent_id: null });
    const unknown = `c-${randomUUID()}`;
    await post(encodeVoiceCallbacks([lifecycle(unknown, context('999999999')).started])).expect(200, {
      results: [{ kind: 'started', call_id: unknown, outcome: 'ignored' }],
    });
    expect(await eventsOf(unknown)).toEqual([]);
  });
});

describe('sandbox calls through the voice-provider port', () => {
  it("plays the called number's script through signed callbacks to its end, once however often it is placed", async () => {
    const company = await platform.company();
    const contact = await platform.contact(company);
    const provider = platform.app.get<VoiceProvider>(VOICE_PROVIDER);
    const request = {
      from: '+12125550100',
      to: '+13105550121', // last digit 1: answered, appointment booked, 180 s
      agentId: null,
      providerAgentId: null,
      idempotencyKey: `attempt-${randomUUID()}`,
      context: context(company, { contactId: contact.id }),
    };
    const { callId } = await provider.placeCall(request);
    expect((await provider.placeCall(request)).callId).toBe(callId);
    const events = await eventually(
      () => eventsOf(callId),
      (found) => found.some((event) => event.type === 'call.ended'),
      { what: 'call.ended' },
    );
    expect(events.map((event) => event.type)).toEqual(['call.started', 'call.answered', 'call.ended']);
    const ended = events[2]!.data;
    expect(ended).toMatchObject({
      call_status: 'completed',
      call_duration: 180,
      disposition: 'appointment_booked',
      sentiment: 'Positive',
      call_successful: true,
      hangup_reason: 'user_hangup',
      contact_id: contact.id,
      called_number: '+13105550121',
    });
    expect(Date.parse(ended.ended_at as string) - Date.parse(ended.answered_at as string)).toBe(180_000);
    // Placed again after it ended: nothing new is enqueued or published.
    await provider.placeCall(request);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await eventsOf(callId)).toHaveLength(3);
  });
});

describe('sandbox calls placed at once', () => {
  it('places one call for concurrent requests with the same key, and refuses a number that is not E.164', async () => {
    const company = await platform.company();
    const provider = platform.app.get<VoiceProvider>(VOICE_PROVIDER);
    const request = {
      from: '+12125550100',
      to: '+13105550128', // last digit 8: nobody answers
      agentId: null,
      providerAgentId: null,
      idempotencyKey: `attempt-${randomUUID()}`,
      context: context(company),
    };
    const placed = await Promise.all([provider.placeCall(request), provider.placeCall(request), provider.placeCall(request)]);
    expect(new Set(placed.map((call) => call.callId)).size).toBe(1);
    const callId = placed[0]!.callId;
    const events = await eventually(
      () => eventsOf(callId),
      (found) => found.some((event) => event.type === 'call.ended'),
      { what: 'call.ended' },
    );
    expect(events.map((event) => [event.type, event.data.call_status])).toEqual([
      ['call.started', 'ringing'],
      ['call.ended', 'no_answer'],
    ]);
    expect(events[1]!.data).toMatchObject({ hangup_reason: 'dial_no_answer', call_duration: 0, answered_at: null });
    await expect(provider.placeCall({ ...request, to: 'not a number', idempotencyKey: randomUUID() })).rejects.toBeInstanceOf(
      CallRejectedError,
    );
  });
});

describe('dispositions move contacts', () => {
  /**
   * A new company's contact in the first stage of a new pipeline whose third stage the disposition
   * `interested` leads to, and the callbacks of a call with it (not sent yet).
   */
  async function linkedCall() {
    const company = await platform.company();
    const pipeline = await platform.pipeline(company);
    const contact = await platform.contact(company, {}, { pipelineId: pipeline.id, stageId: pipeline.stages[0]!.id });
    const links = CompanyScopedRepository.of(platform.db, StageDispositionEntity, company);
    await links.save(links.create({ pipelineId: pipeline.id, stageId: pipeline.stages[2]!.id, disposition: 'interested' }));
    const callId = `c-${randomUUID()}`;
    const steps = lifecycle(callId, context(company, { contactId: contact.id }));
    return { company, pipeline, contact, callId, steps };
  }

  it('leaves a deleted contact alone: the call still ends', async () => {
    const { company, contact, callId, steps } = await linkedCall();
    await post(encodeVoiceCallbacks([steps.started])).expect(200);
    await platform.app.get(ContactsService).delete(company, contact.id, null);
    await post(encodeVoiceCallbacks([steps.ended])).expect(200, {
      results: [{ kind: 'ended', call_id: callId, outcome: 'applied' }],
    });
    const moves: Array<{ n: string }> = await platform.db.query(
      "SELECT count(*) AS n FROM platform.outbox WHERE type = 'pipeline.contact_moved' AND subject = $1",
      [contact.id],
    );
    expect(Number(moves[0]!.n)).toBe(1); // its placement at creation only
  });

  it("moves the call's contact to the stage linked to its disposition, recorded and published", async () => {
    const { company, pipeline, contact, steps } = await linkedCall();
    await post(encodeVoiceCallbacks([steps.started, steps.ended])).expect(200);

    const moved = await platform.lastEvent(Topics.platformPipeline, contact.id);
    expect(moved).toMatchObject({
      type: 'pipeline.contact_moved',
      data: { from_stage_id: pipeline.stages[0]!.id, to_stage_id: pipeline.stages[2]!.id, changed_by: null, reason: 'moved' },
    });
    const token = await (await platform.actor(company, ['view-pipelines'])).token();
    const list = await platform.request('get', '/api/pipeline', token).expect(200);
    const stages = (list.body.data as Array<{ stages: Array<{ contacts_count: number }> }>)[0]!.stages;
    expect(stages.map((stage) => stage.contacts_count)).toEqual([0, 0, 1]);
  });
});

/** A call of the company, recorded through the signed callback route; its provider call id. */
async function recordedCall(companyId: string, more: Partial<CallContext> = {}): Promise<string> {
  const callId = `c-${randomUUID()}`;
  const steps = lifecycle(callId, context(companyId, more));
  await post(encodeVoiceCallbacks([steps.started, steps.answered, steps.ended])).expect(200);
  return callId;
}

const ENDPOINTS: EndpointCase[] = [
  {
    method: 'get',
    path: '/api/calls/{call_id}',
    permission: 'view-calls',
    target: async (key: CompanyKey) => ({ params: { call_id: await recordedCall(fixture.company[key]) } }),
    status: 200,
    expected: { success: true, data: { call_status: 'completed', call_duration: 60, caller_number: '+12125550100' } },
  },
  {
    method: 'get',
    path: '/api/calls',
    permission: 'view-calls',
    target: async () => ({}),
    status: 200,
    expected: { success: true, data: { pagination: { current_page: 1, per_page: 15 } } },
  },
  {
    method: 'post',
    path: '/api/sandbox/calls',
    permission: 'edit-calls',
    target: async (key: CompanyKey) => ({
      body: {
        direction: 'outbound',
        from_number: '+1 212 555 0100',
        to_number: '+13105550121',
        contact_id: Number((await platform.contact(fixture.company[key])).id),
        answered: true,
        duration_seconds: 42,
      },
    }),
    status: 201,
    expected: { success: true, data: { call_id: expect.stringMatching(/^sbx_call_[0-9a-f]{24}$/) } },
  },
  {
    method: 'put',
    path: '/api/pipeline/stages/{id}/dispositions',
    permission: 'edit-pipelines',
    target: async (key: CompanyKey) => ({
      id: (await platform.pipeline(fixture.company[key])).stages[1]!.id,
      body: { dispositions: [' Interested ', 'interested', 'Callback_Requested'] },
    }),
    status: 200,
    expected: {
      success: true,
      message: 'Stage dispositions updated successfully.',
      data: { dispositions: ['interested', 'callback_requested'] },
    },
  },
];

describeEndpointRules(ENDPOINTS, () => ({ platform, fixture }));

describe('GET /api/calls', () => {
  it("lists the company's calls newest first, filtered, with ids as integers", async () => {
    const company = await platform.company();
    const contact = await platform.contact(company);
    const token = await (await platform.actor(company, ['view-calls'])).token();
    const older = `c-${randomUUID()}`;
    const newer = `c-${randomUUID()}`;
    await post(encodeVoiceCallbacks([lifecycle(older, context(company), new Date('2026-03-01T10:00:00Z')).started])).expect(200);
    await post(
      encodeVoiceCallbacks([
        lifecycle(newer, context(company, { contactId: contact.id }), new Date('2026-03-02T10:00:00Z')).started,
      ]),
    ).expect(200);
    const all = await platform.request('get', '/api/calls', token).expect(200);
    expect(all.body.data.records.map((call: { call_id: string }) => call.call_id)).toEqual([newer, older]);
    expect(all.body.data.pagination).toMatchObject({ total: 2, current_page: 1, per_page: 15, last_page: 1 });
    expect(all.body.data.records[0]).toMatchObject({ contact_id: Number(contact.id), call_status: 'ringing', answered_at: null });
    const mine = await platform
      .request('get', `/api/calls?contact_id=${contact.id}&status=ringing&direction=outbound`, token)
      .expect(200);
    expect(mine.body.data.records.map((call: { call_id: string }) => call.call_id)).toEqual([newer]);
    await platform.request('get', '/api/calls?status=lost', token).expect(400);
    await platform.request('get', '/api/calls?per_page=101', token).expect(400);
  });

  it("answers 404 for another company's call and for ids that name no call", async () => {
    const token = await fixture.admin.A.token();
    const foreign = await recordedCall(fixture.company.B);
    await platform.request('get', `/api/calls/${foreign}`, token).expect(404);
    await platform.request('get', `/api/calls/${encodeURIComponent('bad id')}`, token).expect(404);
  });
});

describe('POST /api/sandbox/calls', () => {
  let company: string;
  let token: string;
  beforeAll(async () => {
    company = await platform.company();
    token = await (await platform.actor(company, ['edit-calls', 'view-calls'])).token();
  });
  const base = {
    direction: 'outbound',
    from_number: '+12125550100',
    to_number: '+13105550121',
    answered: true,
    duration_seconds: 30,
  };

  it('plays the whole call through the signed path: recorded with its timestamps and published once each', async () => {
    const created = await platform
      .request('post', '/api/sandbox/calls', token)
      .send({
        ...base,
        transferred: true,
        sentiment: 'Neutral',
        call_successful: true,
        disposition: 'Interested',
        transcription: 'Hi there',
        recording_url: 'https://example.com/r.mp3',
        started_at: '2026-03-02T15:00:00Z',
      })
      .expect(201);
    const callId = created.body.data.call_id as string;
    const events = await eventsOf(callId);
    expect(events.map((event) => event.type)).toEqual(['call.started', 'call.answered', 'call.transferred', 'call.ended']);
    const call = await platform.request('get', `/api/calls/${callId}`, token).expect(200);
    expect(call.body.data).toMatchObject({
      call_id: callId,
      call_status: 'completed',
      call_duration: 30,
      hangup_reason: 'call_transfer',
      sentiment: 'Neutral',
      disposition: 'Interested',
      call_successful: true,
      transcription: 'Hi there',
      recording_url: 'https://example.com/r.mp3',
      started_at: '2026-03-02T15:00:00.000Z',
      answered_at: '2026-03-02T15:00:05.000Z',
      ended_at: '2026-03-02T15:00:35.000Z',
    });
  });

  it('records an unanswered call as no_answer', async () => {
    const created = await platform
      .request('post', '/api/sandbox/calls', token)
      .send({ ...base, answered: false, duration_seconds: 0 })
      .expect(201);
    const call = await platform.request('get', `/api/calls/${created.body.data.call_id}`, token).expect(200);
    expect(call.body.data).toMatchObject({
      call_status: 'no_answer',
      hangup_reason: 'dial_no_answer',
      answered_at: null,
      call_duration: 0,
    });
  });

  it.each([
    ['transferred', { transferred: true, answered: false, duration_seconds: 0 }],
    ['duration_seconds', { answered: false, duration_seconds: 5 }],
    ['hangup_reason', { answered: true, hangup_reason: 'dial_no_answer' }],
    ['started_at', { started_at: '2099-01-01T00:00:00Z' }],
    ['to_number', { to_number: '12' }],
    ['contact_id', { contact_id: 999999999 }],
    ['agent_id', { agent_id: 'OTk5OTk5' }],
  ])('refuses an impossible %s with 422 by field', async (field, change) => {
    const response = await platform
      .request('post', '/api/sandbox/calls', token)
      .send({ ...base, ...change })
      .expect(422);
    expect(response.body.errors).toHaveProperty(field);
  });

  it("refuses another company's contact with 422", async () => {
    const foreign = await platform.contact(await platform.company());
    const response = await platform
      .request('post', '/api/sandbox/calls', token)
      .send({ ...base, contact_id: foreign.id })
      .expect(422);
    expect(response.body.errors).toHaveProperty('contact_id');
  });

  it('refuses out-of-range values with 400', async () => {
    await platform
      .request('post', '/api/sandbox/calls', token)
      .send({ ...base, duration_seconds: 1e308 })
      .expect(400);
    await platform
      .request('post', '/api/sandbox/calls', token)
      .send({ ...base, recording_url: 'http://example.com' })
      .expect(400);
    await platform
      .request('post', '/api/sandbox/calls', token)
      .send({ ...base, answered: undefined })
      .expect(400);
  });
});

describe('PUT /api/pipeline/stages/{id}/dispositions', () => {
  it('moves a disposition from another stage of the pipeline; the links go with the pipeline', async () => {
    const company = await platform.company();
    const token = await (await platform.actor(company, ['edit-pipelines'])).token();
    const pipeline = await platform.pipeline(company);
    const [first, second] = [pipeline.stages[0]!.id, pipeline.stages[1]!.id];
    const put = (stageId: string, dispositions: string[]) =>
      platform.request('put', `/api/pipeline/stages/${stageId}/dispositions`, token).send({ dispositions }).expect(200);
    await put(first, ['interested', 'voicemail']);
    const moved = await put(second, ['INTERESTED']);
    expect(moved.body.data).toEqual({ stage_id: Buffer.from(second).toString('base64'), dispositions: ['interested'] });
    const links = () =>
      CompanyScopedRepository.of(platform.db, StageDispositionEntity, company).find({ order: { disposition: 'ASC' } });
    expect((await links()).map((link) => [link.disposition, link.stageId])).toEqual([
      ['interested', second],
      ['voicemail', first],
    ]);
    await put(first, []);
    expect((await links()).map((link) => link.disposition)).toEqual(['interested']);

    await platform.request('delete', `/api/pipeline/${pipeline.id}`, token).expect(200);
    expect(await links()).toEqual([]);
  });

  it('refuses more than 50 names, blank or overlong ones with 400', async () => {
    const company = await platform.company();
    const token = await (await platform.actor(company, ['edit-pipelines'])).token();
    const stage = (await platform.pipeline(company)).stages[0]!.id;
    const put = (dispositions: unknown) =>
      platform.request('put', `/api/pipeline/stages/${stage}/dispositions`, token).send({ dispositions });
    await put(Array.from({ length: 51 }, (_, i) => `d${i}`)).expect(400);
    await put(['  ']).expect(400);
    await put(['x'.repeat(101)]).expect(400);
    expect((await put(['İ'.repeat(100)]).expect(422)).body.errors).toHaveProperty('dispositions');
    await put('interested').expect(400);
  });

  it('lets a sandbox call with the disposition move its contact to the linked stage', async () => {
    const company = await platform.company();
    const token = await (await platform.actor(company, ['edit-pipelines', 'edit-calls', 'view-pipelines'])).token();
    const pipeline = await platform.pipeline(company);
    const contact = await platform.contact(company);
    await platform
      .request('put', `/api/pipeline/stages/${pipeline.stages[1]!.id}/dispositions`, token)
      .send({ dispositions: ['Appointment_Booked'] })
      .expect(200);
    await platform
      .request('post', '/api/sandbox/calls', token)
      .send({
        direction: 'outbound',
        from_number: '+12125550100',
        to_number: '+13105550121',
        contact_id: Buffer.from(contact.id).toString('base64'),
        answered: true,
        duration_seconds: 60,
        disposition: 'appointment_booked ',
      })
      .expect(201);
    expect(await platform.lastEvent(Topics.platformPipeline, contact.id)).toMatchObject({
      type: 'pipeline.contact_moved',
      data: { from_stage_id: null, to_stage_id: pipeline.stages[1]!.id, reason: 'placed', changed_by: null },
    });
    const list = await platform.request('get', '/api/pipeline', token).expect(200);
    const stages = (list.body.data as Array<{ id: string; stages: Array<{ contacts_count: number }> }>).find(
      (p) => p.id === Buffer.from(pipeline.id).toString('base64'),
    )!.stages;
    expect(stages.map((stage) => stage.contacts_count)).toEqual([0, 1, 0]);
  });
});
