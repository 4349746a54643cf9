import { eventually, type RecordedRequest } from '@suite/testing';
import { LiveVoiceProviders, type PlatformTestApp } from '../../../testing';

/**
 * The dialer against Retell under Prism (its published description validating every request) on
 * real PostgreSQL and Kafka: Retell's concurrency limit (429 `concurrency_limit_reached`) is a
 * pacing fact — the campaign slows down and every contact is still called exactly once — and a
 * create-phone-call whose answer is lost is settled by looking the call up by its metadata, never
 * by placing it again (Retell has no idempotency key).
 */
let live: LiveVoiceProviders;
let platform: PlatformTestApp;
let company: string;
let token: string;
let agentId: number;
/** The number the lost answer's call goes to: Retell keeps that call live past the dialer's lookup delay. */
const LONG_CALL = '+13125550142';

beforeAll(async () => {
  live = await LiveVoiceProviders.start('retell_campaign', {
    retell: {
      stepMs: 100,
      script: (to) => ({
        connected: true,
        disconnectionReason: 'user_hangup',
        durationSeconds: 30,
        liveForMs: to === LONG_CALL ? 40_000 : undefined,
        analysis: { sentiment: 'Neutral', successful: true, summary: 'Spoke with the lead.', disposition: 'interested' },
      }),
    },
  });
  platform = live.platform;
  company = await platform.company('Dialer Co');
  const admin = await platform.actor(company, [
    'edit-phone-numbers',
    'view-phone-numbers',
    'edit-agents',
    'view-agents',
    'edit-campaigns',
    'view-campaigns',
  ]);
  token = await admin.token();
  const [offer] = (
    await platform.request('get', '/api/phone-numbers/search-available?provider=Carrier&areaCode=212', token).expect(200)
  ).body.data.records as Array<{ purchase_token: string }>;
  const number = await platform
    .request('post', '/api/phone-numbers/purchase', token)
    .send({ purchase_token: offer!.purchase_token })
    .expect(201);
  agentId = (
    await platform
      .request('post', '/api/agents', token)
      .send({ name: 'Dia', voice: '11labs-Adrian', prompt: 'You confirm appointments.', outbound_number_id: number.body.data.id })
      .expect(201)
  ).body.data.id;
}, 180_000);

afterAll(() => live?.stop());

/** A running campaign over contacts with these phones, calling from the agent, its window always open. */
async function campaignOver(phones: string[], maxConcurrent: number): Promise<string> {
  const contacts = await Promise.all(phones.map((phone, i) => platform.contact(company, { firstName: `Lead ${i}`, phone })));
  const listId = await platform.list(
    company,
    contacts.map((contact) => contact.id),
  );
  const created = await platform
    .request('post', '/api/campaigns', token)
    .send({
      name: `Campaign ${phones[0]}`,
      list_id: Buffer.from(listId).toString('base64'),
      agent_id: agentId,
      calls_per_minute: 60,
      max_concurrent_calls: maxConcurrent,
      calling_window: { start: '00:00', end: '24:00' },
    })
    .expect(201);
  const id = created.body.data.id as string;
  await platform.request('post', `/api/campaigns/${id}/start`, token).expect(200);
  return id;
}

const completed = (id: string) =>
  eventually(
    async () => (await platform.request('get', `/api/campaigns/${id}`, token).expect(200)).body.data,
    (campaign) => campaign.status === 'completed',
    { timeoutMs: 240_000, intervalMs: 500, what: `campaign ${id} completed` },
  );

const attemptsOf = async (id: string) =>
  (await platform.request('get', `/api/campaigns/${id}/call-attempts?per_page=100`, token).expect(200)).body.data
    .records as Array<{
    contact_id: number;
    outcome: string;
    resolution: string | null;
    call_id: string | null;
    detail: string | null;
  }>;

const createCalls = (): RecordedRequest[] => live.retell.requestsTo('/v2/create-phone-call', 'POST');
const toNumberOf = (request: RecordedRequest) => (request.json() as { to_number: string }).to_number;

it('finishes a campaign over 20 contacts with Retell answering 429 half of the time, every contact called exactly once', async () => {
  const phones = Array.from({ length: 20 }, (_, i) => `+1212555${String(2000 + i)}`);
  // Every other create-phone-call Retell accepts is refused: its concurrency limit (429, Retry-After: 1).
  live.retellCalls.onCreateCall = (_body, index) => (index % 2 === 0 ? 'throttle' : 'place');
  const id = await campaignOver(phones, 8);
  const campaign = await completed(id);
  expect(campaign.progress).toEqual({ done: 20, total: 20, skipped: 0, calling: 0, pending: 0 });

  const ours = createCalls().filter((request) => phones.includes(toNumberOf(request)));
  const placed = [...live.retellCalls.calls.values()].filter((call) => phones.includes(call.to_number));
  // Each contact's call placed once; the 429s in between placed nothing.
  expect(placed.map((call) => call.to_number).sort()).toEqual([...phones].sort());
  const throttled = ours.length - placed.length;
  expect(throttled).toBeGreaterThanOrEqual(placed.length - 1);
  // Every request carried the agent's Retell copy and the attempt in its metadata.
  for (const request of ours) {
    expect(request.json()).toMatchObject({
      override_agent_id: expect.stringMatching(/^agent_/),
      metadata: { attempt_key: expect.stringMatching(new RegExp(`^campaign:\\d+:contact:\\d+$`)), company_id: company },
    });
  }
  const attempts = await attemptsOf(id);
  expect(attempts.filter((attempt) => attempt.outcome === 'placed')).toHaveLength(20);
  // Each 429 is an attempt settled `not_placed` (an attempt held back before any request — the agent's copy not made yet — is too).
  expect(
    attempts.filter((attempt) => attempt.outcome === 'not_placed' && /concurrency limit/.test(attempt.detail ?? '')),
  ).toHaveLength(throttled);
  expect(new Set(attempts.filter((attempt) => attempt.outcome === 'placed').map((attempt) => attempt.contact_id)).size).toBe(20);
  expect(live.refusedRequests()).toEqual([]);
});

it('settles a create-phone-call whose answer was lost by looking the call up by its metadata, and never places it again', async () => {
  live.retellCalls.onCreateCall = (body) => ((body as { to_number: string }).to_number === LONG_CALL ? 'lose-answer' : 'place');
  const id = await campaignOver([LONG_CALL], 1);
  // The request left, Retell placed the call, the answer never came: a visible ambiguous attempt.
  await eventually(
    () => attemptsOf(id),
    (attempts) => attempts.some((attempt) => attempt.outcome === 'unknown'),
    { what: 'the attempt recorded with an unknown outcome', timeoutMs: 60_000 },
  );
  await completed(id);
  const [attempt, ...others] = await attemptsOf(id);
  expect(others).toEqual([]);
  const [call] = [...live.retellCalls.calls.values()].filter((placed) => placed.to_number === LONG_CALL);
  expect(attempt).toMatchObject({ outcome: 'unknown', resolution: 'found', call_id: call!.call_id });
  expect(createCalls().filter((request) => toNumberOf(request) === LONG_CALL)).toHaveLength(1);
  const lookups = live.retell.requestsTo('/v2/list-calls', 'POST').map((request) => request.json());
  expect(lookups).toContainEqual(
    expect.objectContaining({
      filter_criteria: expect.objectContaining({ to_number: [LONG_CALL], metadata: expect.any(Object) }),
    }),
  );
  expect(live.refusedRequests()).toEqual([]);
}, 180_000);
