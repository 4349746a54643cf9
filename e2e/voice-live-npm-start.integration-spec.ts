import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventually } from '@suite/testing';
import { TestReceiver } from '@suite/webhook-dispatch-app/testing';
import { CompiledProcess } from './support/compiled-process';
import { EmbeddedSuite } from './support/embedded-suite';
import { isSignedWith } from './support/platform-webhooks';

/**
 * Issue 29's voice "done when", as a person runs it (docs/voice.md, "Going live against local
 * mocks"): `npm run voice:mocks` (Retell and Twilio under Prism on their published descriptions,
 * the Telnyx fake) and `npm start` with the variables it printed — PLATFORM_VOICE_PROVIDER=retell.
 * A number is bought on Twilio and imported into Retell, an agent (mirrored at Retell) calls a
 * contact through a campaign, Retell's signed webhooks come back, and the four `call.*` webhooks
 * reach a receiver signed with the webhook's secret.
 */
let mocks: CompiledProcess;
let suite: EmbeddedSuite;
let receiver: TestReceiver;
let platform: string;
let token: string;
const HOOKS = '/hooks';

beforeAll(async () => {
  suite = await EmbeddedSuite.create('suite-voice-live-');
  receiver = await TestReceiver.start();
  mocks = CompiledProcess.start('dist/tools/voice-mocks/start-voice-mocks.js', {
    ...process.env,
    PLATFORM_PORT: String(suite.ports.PLATFORM_PORT),
    VOICE_MOCKS_STEP_MS: '300',
  });
  const printed = await eventually(
    async () => mocks.stdout,
    (out) => out.includes('export TELNYX_API_URL=') || !mocks.running,
    { timeoutMs: 120_000, what: 'the voice mocks to print their variables' },
  );
  if (!mocks.running) throw new Error(`voice:mocks exited:\n${mocks.stderr}`);
  const variables = Object.fromEntries([...printed.matchAll(/^export (\w+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
  const launcher = suite.launch({ env: variables });
  await suite.ready(launcher, 180_000);
  platform = `http://127.0.0.1:${suite.ports.PLATFORM_PORT}`;
  // The first start bootstraps an admin once the apps are up (.data/bootstrap.json).
  const bootstrap = await eventually(
    () => readFile(path.join(suite.dataDir, 'bootstrap.json'), 'utf8').catch(() => ''),
    (text) => text.includes('personal_access_token'),
    { timeoutMs: 60_000, what: 'the bootstrap credentials' },
  );
  token = JSON.parse(bootstrap).personal_access_token as string;
}, 360_000);

afterAll(async () => {
  await suite?.cleanUp();
  await mocks?.stop('SIGINT').catch(() => undefined);
  await receiver?.stop();
});

/** A JSON answer of the API, read loosely (the spec checks what it needs). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are asserted field by field below
type Answer = any;

async function call(base: string, method: string, route: string, body?: unknown): Promise<{ status: number; body: Answer }> {
  const answer = await fetch(`${base}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null };
}

it('buys a number, lets an agent call a contact, and delivers the four call.* webhooks signed', async () => {
  const found = await call(platform, 'GET', '/api/phone-numbers/search-available?provider=Carrier&areaCode=415');
  expect(found.status).toBe(200);
  const bought = await call(platform, 'POST', '/api/phone-numbers/purchase', {
    purchase_token: found.body.data.records[0].purchase_token,
  });
  expect(bought.status).toBe(201);

  const agent = await call(platform, 'POST', '/api/agents', {
    name: 'Ava',
    voice: '11labs-Adrian',
    prompt: 'You book roof inspections.',
    outbound_number_id: bought.body.data.id,
  });
  expect(agent.status).toBe(201);

  const dispatch = `http://127.0.0.1:${suite.ports.WEBHOOK_DISPATCH_PORT}`;
  const hook = await call(dispatch, 'POST', '/api/webhooks', {
    title: 'Calls',
    url: `${receiver.base()}${HOOKS}`,
    events: ['call.started', 'call.answered', 'call.transferred', 'call.ended'],
  });
  expect(hook.status).toBe(201);

  // A last digit 6: the mock's call is answered and transferred (docs/voice.md).
  const contact = await call(platform, 'POST', '/api/contacts', { first_name: 'Lead', phone: '+13105550126' });
  expect(contact.status).toBe(201);
  const list = await call(platform, 'POST', '/api/lists', { name: 'Leads', contact_ids: [contact.body.data.id] });
  expect(list.status).toBe(201);
  const campaign = await call(platform, 'POST', '/api/campaigns', {
    name: 'Roofs',
    list_id: list.body.data.id,
    agent_id: agent.body.data.id,
    calling_window: { start: '00:00', end: '24:00' },
  });
  expect(campaign.status).toBe(201);
  expect((await call(platform, 'POST', `/api/campaigns/${campaign.body.data.id}/start`)).status).toBe(200);

  const hits = await eventually(
    async () => receiver.hitsOf(HOOKS),
    (received) => new Set(received.map((hit) => (JSON.parse(hit.body) as { event: string }).event)).size === 4,
    { timeoutMs: 180_000, intervalMs: 500, what: 'the four call.* webhooks' },
  );
  const events = hits.map((hit) => JSON.parse(hit.body) as { event: string; data: Record<string, unknown> });
  expect(events.map((event) => event.event).sort()).toEqual(['call.answered', 'call.ended', 'call.started', 'call.transferred']);
  expect(new Set(events.map((event) => event.data.call_id)).size).toBe(1);
  for (const hit of hits) expect(isSignedWith(hook.body.data.secret, hit)).toBe(true);
  expect(events.find((event) => event.event === 'call.ended')!.data).toMatchObject({
    called_number: '+13105550126',
    call_status: 'completed',
    sentiment: 'Positive',
    disposition: 'transferred',
    custom_fields: { retell_disconnection_reason: 'call_transfer' },
  });
  await eventually(
    async () => (await call(platform, 'GET', `/api/campaigns/${campaign.body.data.id}`)).body.data.status,
    (status) => status === 'completed',
    { timeoutMs: 60_000, what: 'the campaign completed' },
  );
  expect(mocks.stderr).not.toContain('REFUSED');
});
