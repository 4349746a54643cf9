import { randomUUID } from 'node:crypto';
import { Topics } from '@suite/contracts';
import { CompanyScopedRepository } from '@suite/runtime';
import { eventually } from '@suite/testing';
import { StageDispositionEntity } from '../pipelines/stage-disposition.entity';
import { PlatformTestApp } from '../testing';
import { encodeVoiceCallbacks } from '../voice/voice-callback-codec';
import { SANDBOX_DEFAULT_VOICE_CALLBACK_SECRET } from '../voice/voice-callback-secret';
import { VoiceCallbackSigner } from '../voice/voice-callback-signature';
import { VOICE_PROVIDER, type CallContext, type VoiceCallback, type VoiceProvider } from '../voice/voice-provider.port';

/**
 * Calls on real PostgreSQL and Kafka: the signed callback route (signature, body, provider),
 * the lifecycle's once-and-in-order events whatever the provider repeats or reorders, the
 * sandbox's scripted calls through the voice-provider port, and dispositions moving contacts.
 */
let platform: PlatformTestApp;

beforeAll(async () => {
  process.env.PLATFORM_SANDBOX_CALL_STEP_MS = '20';
  platform = await PlatformTestApp.start('calls');
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

describe('dispositions move contacts', () => {
  it("moves the call's contact to the stage linked to its disposition, recorded and published", async () => {
    const company = await platform.company();
    const pipeline = await platform.pipeline(company);
    const contact = await platform.contact(company, {}, { pipelineId: pipeline.id, stageId: pipeline.stages[0]!.id });
    const links = CompanyScopedRepository.of(platform.db, StageDispositionEntity, company);
    await links.save(links.create({ pipelineId: pipeline.id, stageId: pipeline.stages[2]!.id, disposition: 'interested' }));

    const callId = `c-${randomUUID()}`;
    const steps = lifecycle(callId, context(company, { contactId: contact.id }));
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
