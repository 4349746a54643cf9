import type { PlatformTestApp, TestUser } from '@suite/platform-app/testing';
import { eventually } from '@suite/testing';
import type { TestReceiver } from '@suite/webhook-dispatch-app/testing';
import { isSignedWith, startPlatformWebhooks, type PlatformWebhooks } from './support/platform-webhooks';

/**
 * The voice webhooks end to end: the platform and webhook-dispatch on one Kafka topic prefix, a
 * webhook subscribed to every call, agent and campaign kind. An agent made and put online through
 * the API, a sandbox call through the signed provider-callback path, and a campaign dialling a list
 * through the sandbox each reach the receiver as signed webhooks with the spec's data — every kind
 * exactly once per fact.
 */
let harness: PlatformWebhooks;
let platform: PlatformTestApp;
let receiver: TestReceiver;
let admin: TestUser;
let webhook: { id: string; secret: string };

const PATH = '/voice';
const KINDS = [
  'call.started',
  'call.answered',
  'call.transferred',
  'call.ended',
  'agent.created',
  'agent.updated',
  'agent.status_changed',
  'agent.performance',
  'campaign.started',
  'campaign.completed',
];

const STEP_MS = process.env.PLATFORM_SANDBOX_CALL_STEP_MS;

beforeAll(async () => {
  // The sandbox's placed calls step every 150 ms instead of every second.
  process.env.PLATFORM_SANDBOX_CALL_STEP_MS = '150';
  harness = await startPlatformWebhooks({
    name: 'voice_webhooks',
    companyName: 'Hopper Roofing',
    permissions: [
      'edit-agents',
      'view-agents',
      'edit-calls',
      'view-calls',
      'edit-campaigns',
      'view-campaigns',
      'edit-contacts',
      'edit-phone-numbers',
      'view-phone-numbers',
    ],
    kinds: KINDS,
    path: PATH,
  });
  ({ platform, receiver, admin, webhook } = harness);
}, 180_000);

afterAll(async () => {
  if (STEP_MS === undefined) delete process.env.PLATFORM_SANDBOX_CALL_STEP_MS;
  else process.env.PLATFORM_SANDBOX_CALL_STEP_MS = STEP_MS;
  await harness?.stop();
});

interface Envelope {
  event: string;
  webhook_id: string;
  data: Record<string, unknown>;
}

const envelopes = (): Envelope[] => receiver.hitsOf(PATH).map((hit) => JSON.parse(hit.body) as Envelope);

/** The envelopes matching `pick`, once `count` have arrived (and a moment for any extra one). */
async function delivered(pick: (envelope: Envelope) => boolean, count: number, what: string): Promise<Envelope[]> {
  await eventually(
    async () => envelopes().filter(pick).length,
    (n) => n >= count,
    { timeoutMs: 60_000, what },
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return envelopes().filter(pick);
}

const CALL_FIELDS = [
  'call_id',
  'agent_id',
  'caller_number',
  'called_number',
  'call_duration',
  'call_status',
  'call_direction',
  'recording_url',
  'transcription',
  'sentiment',
  'disposition',
  'tags',
  'custom_fields',
].sort();

it('sends agent.created, agent.status_changed, each call kind once, and agent.performance when the rate falls', async () => {
  const token = await admin.token();
  const agent = await platform
    .request('post', '/api/agents', token)
    .send({ name: 'Ava', voice: 'alloy', performance: { min_success_rate: 0.6, window: 5 } })
    .expect(201);
  const agentId = String(agent.body.data.id);
  await platform.request('put', `/api/agents/${agentId}/status`, token).send({ status: 'online' }).expect(200);

  const [created, ...moreCreated] = await delivered(
    (envelope) => envelope.event === 'agent.created' && envelope.data.agent_id === agentId,
    1,
    'agent.created',
  );
  expect(moreCreated).toEqual([]);
  expect(created!.data).toMatchObject({ agent_id: agentId, name: 'Ava', voice: 'alloy', active: true, status: 'offline' });
  const [status] = await delivered(
    (envelope) => envelope.event === 'agent.status_changed' && envelope.data.agent_id === agentId,
    1,
    'agent.status_changed',
  );
  expect(status!.data).toMatchObject({ status: 'online', previous_status: 'offline' });

  const call = await platform
    .request('post', '/api/sandbox/calls', token)
    .send({
      direction: 'inbound',
      from_number: '+14155550142',
      to_number: '+12125550100',
      agent_id: Number(agentId),
      answered: true,
      transferred: true,
      duration_seconds: 75,
      sentiment: 'Neutral',
      call_successful: false,
      disposition: 'Callback Requested',
      transcription: 'Please call me back tomorrow.',
    })
    .expect(201);
  const callId = call.body.data.call_id as string;

  const ofCall = await delivered(
    (envelope) => envelope.event.startsWith('call.') && envelope.data.call_id === callId,
    4,
    'the four call kinds',
  );
  expect(ofCall.map((envelope) => envelope.event).sort()).toEqual([
    'call.answered',
    'call.ended',
    'call.started',
    'call.transferred',
  ]);
  for (const envelope of ofCall) {
    expect(envelope.webhook_id).toBe(webhook.id);
    expect(Object.keys(envelope.data).sort()).toEqual(CALL_FIELDS);
  }
  const ended = ofCall.find((envelope) => envelope.event === 'call.ended')!;
  expect(ended.data).toEqual({
    call_id: callId,
    agent_id: agentId,
    caller_number: '+14155550142',
    called_number: '+12125550100',
    call_duration: 75,
    call_status: 'completed',
    call_direction: 'inbound',
    recording_url: null,
    transcription: 'Please call me back tomorrow.',
    sentiment: 'Neutral',
    disposition: 'Callback Requested',
    tags: [],
    custom_fields: {},
  });
  const statuses = Object.fromEntries(ofCall.map((envelope) => [envelope.event, envelope.data.call_status]));
  expect(statuses).toEqual({
    'call.started': 'ringing',
    'call.answered': 'in_progress',
    'call.transferred': 'transferred',
    'call.ended': 'completed',
  });
  for (const hit of receiver.hitsOf(PATH)) expect(isSignedWith(webhook.secret, hit)).toBe(true);

  // One unsuccessful call out of one: 0 < 0.6, the agent fell below its minimum.
  const [performance, ...morePerformance] = await delivered(
    (envelope) => envelope.event === 'agent.performance' && envelope.data.agent_id === agentId,
    1,
    'agent.performance',
  );
  expect(morePerformance).toEqual([]);
  expect(performance!.data).toEqual({
    agent_id: agentId,
    name: 'Ava',
    state: 'below_threshold',
    success_rate: 0,
    min_success_rate: 0.6,
    window: 5,
    calls_considered: 1,
    successful_calls: 0,
    call_id: callId,
    at: expect.any(String),
  });
}, 120_000);

it('sends campaign.started and campaign.completed for a campaign dialling a list through the sandbox', async () => {
  const token = await admin.token();
  const found = await platform
    .request('get', '/api/phone-numbers/search-available?provider=Carrier&areaCode=646', token)
    .expect(200);
  const bought = await platform
    .request('post', '/api/phone-numbers/purchase', token)
    .send({ purchase_token: found.body.data.records[0].purchase_token })
    .expect(201);
  // The sandbox answers a number ending in 0 (interested) and nobody answers one ending in 8.
  const contactIds: string[] = [];
  for (const phone of ['+13125550130', '+13125550138']) {
    const contact = await platform.request('post', '/api/contacts', token).send({ first_name: 'Lead', phone }).expect(201);
    contactIds.push(contact.body.data.id as string);
  }
  const list = await platform
    .request('post', '/api/lists', token)
    .send({ name: 'Callbacks', contact_ids: contactIds })
    .expect(201);
  const created = await platform
    .request('post', '/api/campaigns', token)
    .send({
      name: 'November reactivation',
      list_id: list.body.data.id,
      caller_number: bought.body.data.phone_number,
      calls_per_minute: 60,
      max_concurrent_calls: 2,
      calling_window: { start: '00:00', end: '24:00' },
    })
    .expect(201);
  const campaignPath = `/api/campaigns/${created.body.data.id}`;
  await platform.request('post', `${campaignPath}/start`, token).expect(200);

  const [completed, ...moreCompleted] = await delivered(
    (envelope) => envelope.event === 'campaign.completed',
    1,
    'campaign.completed',
  );
  expect(moreCompleted).toEqual([]);
  const campaignId = completed!.data.campaign_id as string;
  expect(completed!.data).toEqual({
    campaign_id: campaignId,
    name: 'November reactivation',
    status: 'completed',
    list_id: expect.stringMatching(/^[0-9]+$/),
    agent_id: null,
    started_at: expect.any(String),
    completed_at: expect.any(String),
    total_contacts: 2,
    done_contacts: 2,
  });
  const started = envelopes().filter((envelope) => envelope.event === 'campaign.started');
  expect(started.map((envelope) => envelope.data)).toEqual([
    { ...completed!.data, status: 'running', completed_at: null, done_contacts: 0 },
  ]);
  // Each contact was called once, from the bought number; the answered one ended completed.
  const ended = await delivered(
    (envelope) => envelope.event === 'call.ended' && envelope.data.caller_number === bought.body.data.phone_number,
    2,
    "the campaign's two call.ended",
  );
  expect(ended.map((envelope) => [envelope.data.called_number, envelope.data.call_status]).sort()).toEqual([
    ['+13125550130', 'completed'],
    ['+13125550138', 'no_answer'],
  ]);
  const campaign = await platform.request('get', campaignPath, token).expect(200);
  expect(campaign.body.data).toMatchObject({ status: 'completed' });
}, 120_000);
