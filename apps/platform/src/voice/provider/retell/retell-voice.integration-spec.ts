import { CompanyScopedRepository } from '@suite/database';
import { randomBytes } from 'node:crypto';
import { Retell } from 'retell-sdk';
import { Topics } from '@suite/contracts';
import { eventually, reputationData, type RecordedRequest } from '@suite/testing';
import { AgentMirrorEntity } from '../../agents/mirror/agent-mirror.entity';
import { NUMBER_NO_LONGER_AVAILABLE, PROVIDER_UNAVAILABLE } from '../../phone-numbers/voice-failures';
import {
  LiveVoiceProviders,
  TEST_RETELL_API_KEY,
  TEST_TERMINATION_URI,
  TEST_TWILIO_TRUNK_SID,
  type PlatformTestApp,
  type TestUser,
} from '../../../testing';
import { TELNYX_REPUTATION_SOURCE } from '../telnyx/telnyx-reputation-client';

/**
 * PLATFORM_VOICE_PROVIDER=retell on real PostgreSQL and Kafka, against Prism on Retell's and
 * Twilio's published descriptions (every request validated; a request the description refuses
 * fails the spec) and the Telnyx reputation fake: numbers searched and bought on Twilio (once,
 * even when the answer is lost) and imported into Retell, agents mirrored as a Retell LLM and
 * agent, Retell's webhooks signed with retell-sdk's Retell.sign turned into `call.*` exactly once
 * with the analysis merged, and reputation read honestly from Telnyx.
 */
let live: LiveVoiceProviders;
let platform: PlatformTestApp;
let company: string;
let admin: TestUser;
let token: string;
const ANALYSIS_WAIT_SECONDS = 3;

beforeAll(async () => {
  live = await LiveVoiceProviders.start('retell_voice', {
    env: { PLATFORM_CALL_ANALYSIS_WAIT_SECONDS: String(ANALYSIS_WAIT_SECONDS) },
  });
  platform = live.platform;
  company = await platform.company('Hopper Roofing');
  admin = await platform.actor(company, [
    'edit-phone-numbers',
    'view-phone-numbers',
    'edit-agents',
    'view-agents',
    'view-calls',
    'edit-spam-protected-numbers',
    'view-spam-protected-numbers',
  ]);
  token = await admin.token();
}, 180_000);

afterAll(() => live?.stop());

const formOf = (request: RecordedRequest) => Object.fromEntries(request.form().entries());

describe("Retell's description is live", () => {
  it('refuses a create-phone-call missing to_number, so every request the adapter made was checked', async () => {
    const answer = await fetch(`${live.retell.url}/v2/create-phone-call`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_RETELL_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from_number: '+14155550100' }),
    });
    expect(answer.status).toBe(422);
    expect(live.retell.requests.at(-1)?.refusedByDescription).toBe(true);
    live.retell.requests.pop(); // ours, on purpose: the adapter's own requests are checked at the end
  });
});

describe('numbers: Twilio sells, Retell imports', () => {
  const search = async (areaCode: string) =>
    (
      await platform
        .request('get', `/api/phone-numbers/search-available?provider=Carrier&areaCode=${areaCode}`, token)
        .expect(200)
    ).body.data.records as Array<{ phone_number: string; purchase_token: string; locality: string; capabilities: string[] }>;

  it("searches Twilio's local numbers by area code (the spec's searchBy as AreaCode, InRegion, InLocality)", async () => {
    const records = await search('415');
    expect(records.length).toBeGreaterThan(0);
    expect(records[0]).toMatchObject({
      phone_number: '+14155550100',
      locality: 'San Francisco, CA',
      capabilities: ['Voice', 'SMS', 'MMS'],
    });
    const asked = live.twilio.requestsTo(/\/AvailablePhoneNumbers\/US\/Local\.json$/).at(-1)!;
    expect(asked.query.get('AreaCode')).toBe('415');
    await platform
      .request('get', '/api/phone-numbers/search-available?provider=Carrier&searchBy=City&areaCode=Austin', token)
      .expect(200);
    expect(
      live.twilio
        .requestsTo(/\/Local\.json$/)
        .at(-1)!
        .query.get('InLocality'),
    ).toBe('Austin');
  });

  it('buys once onto the SIP trunk when the first answer is lost, imports into Retell, and releases from both', async () => {
    const [offer] = await search('310');
    const purchases = () => live.twilio.requestsTo(/\/IncomingPhoneNumbers\.json$/, 'POST');
    // Twilio buys the number, and the answer never arrives.
    let dropped = false;
    live.twilio.setStub((request, prism) => {
      const answer = live.twilioNumbers.stub(request, prism);
      if (!dropped && request.method === 'POST' && request.pathname.endsWith('/IncomingPhoneNumbers.json')) {
        dropped = true;
        return 'drop';
      }
      return answer;
    });
    try {
      const failed = await platform
        .request('post', '/api/phone-numbers/purchase', token)
        .send({ purchase_token: offer!.purchase_token });
      expect(failed.status).toBe(503);
      expect(failed.body.message).toBe(PROVIDER_UNAVAILABLE);
    } finally {
      live.twilio.setStub(live.twilioNumbers.stub);
    }
    // The same token again: "is this number already ours" finds it; nothing is bought twice.
    const bought = await platform
      .request('post', '/api/phone-numbers/purchase', token)
      .send({ purchase_token: offer!.purchase_token })
      .expect(201);
    expect(bought.body.data).toMatchObject({ phone_number: offer!.phone_number, area_code: '310', country: 'US' });
    expect(purchases().map(formOf)).toEqual([{ PhoneNumber: offer!.phone_number, TrunkSid: TEST_TWILIO_TRUNK_SID }]);
    expect(
      live.twilio.requestsTo(/\/IncomingPhoneNumbers\.json$/, 'GET').map((request) => request.query.get('PhoneNumber')),
    ).toEqual([offer!.phone_number, offer!.phone_number]);
    expect(live.twilioNumbers.owned.has(offer!.phone_number)).toBe(true);
    const imported = live.retell.requestsTo('/import-phone-number', 'POST').map((request) => request.json());
    expect(imported).toEqual([
      expect.objectContaining({ phone_number: offer!.phone_number, termination_uri: TEST_TERMINATION_URI }),
    ]);

    await platform.request('delete', `/api/phone-numbers/${bought.body.data.id}`, token).expect(200);
    expect(live.retellCalls.numbers.has(offer!.phone_number)).toBe(false);
    expect(live.twilioNumbers.owned.has(offer!.phone_number)).toBe(false);
  });

  it('answers 409 for a number Twilio sold to someone else between the search and the purchase', async () => {
    const [offer] = await search('512');
    live.twilioNumbers.sold.add(offer!.phone_number);
    const refused = await platform
      .request('post', '/api/phone-numbers/purchase', token)
      .send({ purchase_token: offer!.purchase_token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NUMBER_NO_LONGER_AVAILABLE);
    expect(live.retellCalls.numbers.has(offer!.phone_number)).toBe(false);
  });
});

describe('agents mirrored at Retell', () => {
  it('creates a Retell LLM (the prompt) and agent (voice, webhook) once, then updates both on a change', async () => {
    const created = await platform
      .request('post', '/api/agents', token)
      .send({ name: 'Ava', voice: '11labs-Adrian', prompt: 'You book roof inspections.' })
      .expect(201);
    const agentId = String(created.body.data.id);
    const mirror = await eventually(
      () =>
        CompanyScopedRepository.of(platform.db, AgentMirrorEntity, company).findOne({ where: { agentId, provider: 'retell' } }),
      (row) => row?.providerAgentId != null,
      { what: 'the agent mirrored at Retell' },
    );
    const retellAgent = live.retellCalls.agents.get(mirror!.providerAgentId!);
    expect(retellAgent).toEqual({
      webhookUrl: `${platformUrl()}/api/voice/callbacks/retell`,
      llmId: mirror!.providerLlmId,
      voiceId: '11labs-Adrian',
      name: 'Ava',
    });
    expect(live.retellCalls.llms.get(mirror!.providerLlmId!)).toBe('You book roof inspections.');
    const agentRequest = live.retell.requestsTo('/create-agent', 'POST').at(-1)!.json() as Record<string, unknown>;
    expect(agentRequest).toMatchObject({ webhook_events: ['call_started', 'call_ended', 'call_analyzed'] });

    await platform.request('put', `/api/agents/${agentId}`, token).send({ prompt: 'You book gutter cleanings.' }).expect(200);
    await eventually(
      async () => live.retell.requestsTo(`/update-agent/${mirror!.providerAgentId}`, 'PATCH').length,
      (updates) => updates > 0,
      { what: 'the agent updated at Retell' },
    );
    expect(live.retellCalls.llms.get(mirror!.providerLlmId!)).toBe('You book gutter cleanings.');
    expect(
      live.retell
        .requestsTo('/create-agent', 'POST')
        .filter((request) => (request.json() as { agent_name?: string }).agent_name === 'Ava'),
    ).toHaveLength(1);
    expect(live.retell.requestsTo(`/update-agent/${mirror!.providerAgentId}`, 'PATCH')).toHaveLength(1);
  });
});

/** The platform's own address (what PLATFORM_PUBLIC_URL named when it started). */
function platformUrl(): string {
  const address = platform.app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

describe("Retell's webhooks, signed with Retell.sign", () => {
  let agentId: string;
  beforeAll(async () => {
    agentId = String((await platform.request('post', '/api/agents', token).send({ name: 'Bea' }).expect(201)).body.data.id);
  });
  const callId = () => `call_${randomBytes(12).toString('hex')}`;
  // What the dialer puts in a call's metadata (an agent's call: the export lists AI calls only).
  const metadata = () => ({
    attempt_key: `campaign:1:contact:${Date.now()}`,
    company_id: company,
    contact_id: null,
    campaign_id: null,
    agent_id: agentId,
  });
  const callObject = (id: string, over: Record<string, unknown> = {}) => ({
    call_type: 'phone_call',
    call_id: id,
    agent_id: 'agent_x',
    agent_version: 1,
    call_status: 'ended',
    direction: 'outbound',
    from_number: '+14155550100',
    to_number: '+13105550121',
    start_timestamp: Date.now() - 60_000,
    end_timestamp: Date.now(),
    duration_ms: 60_000,
    disconnection_reason: 'user_hangup',
    metadata: metadata(),
    ...over,
  });
  const post = async (event: string, call: Record<string, unknown>, key = TEST_RETELL_API_KEY) => {
    const body = JSON.stringify({ event, call });
    return platform
      .request('post', '/api/voice/callbacks/retell', null)
      .set('content-type', 'application/json')
      .set('x-retell-signature', await Retell.sign(body, key))
      .send(body);
  };
  const eventsOf = async (id: string) =>
    (
      (await platform.db.query('SELECT type, envelope FROM platform.outbox WHERE topic = $1 AND subject = $2 ORDER BY seq', [
        Topics.platformCall,
        id,
      ])) as Array<{ type: string; envelope: { data: Record<string, unknown> } }>
    ).map((row) => ({ type: row.type, data: row.envelope.data }));
  const analysis = {
    call_summary: 'The lead booked an inspection for Monday.',
    user_sentiment: 'Positive',
    call_successful: true,
    in_voicemail: false,
    custom_analysis_data: { disposition: 'appointment_booked' },
  };

  it('refuses an unsigned webhook, or one signed with another key, with 401', async () => {
    const body = JSON.stringify({ event: 'call_started', call: callObject(callId()) });
    await platform
      .request('post', '/api/voice/callbacks/retell', null)
      .set('content-type', 'application/json')
      .send(body)
      .expect(401);
    await post('call_started', callObject(callId()), 'key_someone_else_entirely').then((answer) =>
      expect(answer.status).toBe(401),
    );
  });

  it('turns call_started, call_ended and call_analyzed into each call.* once, call.ended waiting for the analysis', async () => {
    const id = callId();
    const call = callObject(id);
    expect(
      (await post('call_started', { ...call, call_status: 'ongoing' })).body.results.map((r: { outcome: string }) => r.outcome),
    ).toEqual(['applied', 'applied']);
    await post('call_ended', call);
    // Ended and recorded, but call.ended waits for the analysis.
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['call.started', 'call.answered']);
    const analyzed = await post('call_analyzed', { ...call, call_analysis: analysis });
    expect(analyzed.body.results.map((r: { kind: string; outcome: string }) => `${r.kind}:${r.outcome}`)).toEqual([
      'ended:duplicate',
      'analyzed:applied',
    ]);
    // Retell retries a webhook it thinks failed: nothing more is published.
    await post('call_analyzed', { ...call, call_analysis: analysis });
    await post('call_started', { ...call, call_status: 'ongoing' });
    const events = await eventsOf(id);
    expect(events.map((event) => event.type)).toEqual(['call.started', 'call.answered', 'call.ended']);
    expect(events[2]!.data).toMatchObject({
      call_status: 'completed',
      call_duration: 60,
      sentiment: 'Positive',
      call_successful: true,
      disposition: 'appointment_booked',
      hangup_reason: 'user_hangup',
      custom_fields: { retell_disconnection_reason: 'user_hangup' },
    });
    const record = await platform.request('get', `/api/calls/${id}`, token).expect(200);
    expect(record.body.data).toMatchObject({ summary: analysis.call_summary, sentiment: 'Positive', call_status: 'completed' });
  });

  it('publishes a held call.ended without the analysis once the wait is over, and completes the record when it comes late', async () => {
    const id = callId();
    const call = callObject(id);
    await post('call_started', { ...call, call_status: 'ongoing' });
    await post('call_ended', call);
    const events = await eventually(
      () => eventsOf(id),
      (found) => found.some((event) => event.type === 'call.ended'),
      { what: `call.ended after the ${ANALYSIS_WAIT_SECONDS} s wait`, timeoutMs: 60_000 },
    );
    expect(events.find((event) => event.type === 'call.ended')!.data).toMatchObject({ sentiment: null, call_successful: null });
    await post('call_analyzed', { ...call, call_analysis: analysis });
    expect((await eventsOf(id)).filter((event) => event.type === 'call.ended')).toHaveLength(1);
    const record = await platform.request('get', `/api/calls/${id}`, token).expect(200);
    expect(record.body.data).toMatchObject({ summary: analysis.call_summary, sentiment: 'Positive', call_successful: true });
    const exported = await platform
      .request('get', `/api/ai/call-history/export?format=csv&date_range=Today&columns=call_id,summary`, token)
      .expect(200);
    expect(exported.text).toContain(`${id},The lead booked an inspection for Monday.`);
  });

  it('publishes call.transferred for a transferred call, and never waits for an analysis of a call that did not connect', async () => {
    const transferred = callId();
    await post('call_started', { ...callObject(transferred), call_status: 'ongoing' });
    await post(
      'call_ended',
      callObject(transferred, { disconnection_reason: 'call_transfer', transfer_destination: '+14155550142' }),
    );
    expect((await eventsOf(transferred)).map((event) => event.type)).toEqual([
      'call.started',
      'call.answered',
      'call.transferred',
    ]);

    const unanswered = callId();
    await post(
      'call_ended',
      callObject(unanswered, { call_status: 'not_connected', disconnection_reason: 'dial_no_answer', duration_ms: 0 }),
    );
    const events = await eventsOf(unanswered);
    expect(events.map((event) => event.type)).toEqual(['call.started', 'call.ended']);
    expect(events[1]!.data).toMatchObject({ call_status: 'no_answer', hangup_reason: 'dial_no_answer', answered_at: null });
  });

  it('records an inbound call to one of our numbers (no metadata of ours) under the company holding the number', async () => {
    const [offer] = (
      await platform.request('get', '/api/phone-numbers/search-available?provider=Carrier&areaCode=212', token).expect(200)
    ).body.data.records as Array<{ phone_number: string; purchase_token: string }>;
    await platform
      .request('post', '/api/phone-numbers/purchase', token)
      .send({ purchase_token: offer!.purchase_token })
      .expect(201);
    const id = callId();
    await post('call_started', {
      ...callObject(id, {
        direction: 'inbound',
        from_number: '+14155550177',
        to_number: offer!.phone_number,
        metadata: undefined,
      }),
      call_status: 'ongoing',
    });
    const record = await platform.request('get', `/api/calls/${id}`, token).expect(200);
    expect(record.body.data).toMatchObject({
      call_direction: 'inbound',
      called_number: offer!.phone_number,
      call_status: 'in_progress',
    });
  });
});

describe('reputation through Telnyx', () => {
  const watch = async (pnumber: string) =>
    String((await platform.request('post', '/api/spam-protected-numbers', token).send({ pnumber }).expect(201)).body.data.id);
  const rowOf = async (id: string) =>
    (
      (await platform.request('get', '/api/spam-protected-numbers?type=Custom&per_page=100', token).expect(200)).body.data
        .records as Array<Record<string, unknown>>
    ).find((row) => String(row.id) === id);

  it("maps Telnyx's one aggregate answer to one source entry, never to carriers it did not ask", async () => {
    live.telnyx.answers.set('+13125550187', { data: reputationData({ spam_risk: 'high', spam_category: 'Robocall' }) });
    const id = await watch('+13125550187');
    const row = await eventually(
      () => rowOf(id),
      (found) => found?.status !== 'In Progress',
      { what: 'the reputation answered' },
    );
    expect(row).toMatchObject({
      status: 'Flagged',
      status_reason: null,
      flagged_carriers: [{ carrier: TELNYX_REPUTATION_SOURCE, flagged: true, label: 'Robocall', checked_at: expect.any(String) }],
    });
  });

  it('keeps a number Telnyx will not answer for In Progress, with the reason', async () => {
    live.telnyx.answers.set('+13125550188', { status: 403 });
    const id = await watch('+13125550188');
    const row = await eventually(
      () => rowOf(id),
      (found) => found?.status_reason != null,
      { what: 'the refusal recorded' },
    );
    expect(row).toMatchObject({ status: 'In Progress', flagged_carriers: [] });
    expect(row!.status_reason).toMatch(/enterprise/);
  });
});

describe('every request the adapter made', () => {
  it('was valid for the published descriptions', () => {
    expect(live.refusedRequests()).toEqual([]);
  });
});
