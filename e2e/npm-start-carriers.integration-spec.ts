import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventually } from '@suite/testing';
import { CompiledProcess } from './support/compiled-process';
import { EmbeddedSuite } from './support/embedded-suite';

jest.setTimeout(300_000);

/**
 * The walk-through of docs/carriers.md ("Trying it against local mocks") as a user runs it: the
 * compiled `npm run carrier-mocks` (Twilio's API and Lookup as Prism mocks of their published
 * descriptions, SendblueFake for Sendblue) prints the variables; `npm start`'s launcher runs with
 * them (MESSAGING_CARRIER=sendblue+twilio); the first start's workspace gets a Sendblue line beside
 * its Twilio number; one text to an iPhone goes by iMessage through Sendblue, one to an Android
 * phone by SMS through Twilio, and both reach `delivered` through the providers' signed callbacks
 * (X-Twilio-Signature; sb-signing-secret and the URL token) posted to the running app.
 */
describe('npm start with MESSAGING_CARRIER=sendblue+twilio against the local carrier mocks', () => {
  let suite: EmbeddedSuite;
  let mocks: CompiledProcess | undefined;

  beforeAll(async () => {
    suite = await EmbeddedSuite.create('suite-carriers-');
  });

  afterAll(async () => {
    if (mocks?.running) await mocks.stop('SIGINT', 15_000).catch(() => mocks?.kill());
    await suite?.cleanUp();
  });

  it('delivers an iMessage through Sendblue and an SMS through Twilio, each by its signed callbacks', async () => {
    const messagingUrl = `http://127.0.0.1:${suite.ports.MESSAGING_PORT}`;
    mocks = CompiledProcess.start('dist/tools/carrier-mocks/carrier-mocks.js', {
      ...process.env,
      MESSAGING_PUBLIC_URL: messagingUrl,
      CARRIER_MOCKS_DELIVERY_DELAY_MS: '500',
    });
    const printed = await eventually(
      async () => {
        if (!mocks!.running) throw new Error(`the carrier mocks exited:\n${mocks!.stderr}`);
        return mocks!.stdout;
      },
      (text) => text.includes('Ctrl-C stops the mocks.'),
      { timeoutMs: 120_000, what: 'the carrier mocks to print their variables' },
    );
    const env = Object.fromEntries(
      printed
        .split('\n')
        .filter((line) => line.startsWith('export '))
        .map((line) => {
          const [name, ...value] = line.slice('export '.length).split('=');
          return [name!, value.join('=')];
        }),
    );
    expect(env).toMatchObject({ MESSAGING_CARRIER: 'sendblue+twilio', MESSAGING_PUBLIC_URL: messagingUrl });

    const launcher = suite.launch({ env });
    await suite.ready(launcher, 120_000);
    await eventually(
      async () => launcher.stdout,
      (text) => text.includes('The same as JSON'),
      { what: 'the first start banner' },
    );
    const bootstrap = JSON.parse(await readFile(path.join(suite.dataDir, 'bootstrap.json'), 'utf8')) as {
      company_id: string;
      api_key: string;
      sender_number: string;
    };
    const internalToken = (await readFile(path.join(suite.dataDir, 'internal-api-token'), 'utf8')).trim();
    const internal = (route: string, method: string, body: unknown) =>
      fetch(`${messagingUrl}/internal/workspaces/${bootstrap.company_id}${route}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-internal-token': internalToken },
        body: JSON.stringify(body),
      });
    // The bootstrap's number is a Twilio one (an SMS number); iMessage needs a Sendblue line beside it.
    const line = '+14155550277';
    expect((await internal('/sender-numbers', 'POST', { number: line, provider: 'sendblue' })).status).toBe(201);
    const settings = { send_window_start: '00:00', send_window_end: '23:59', per_second_rate: 10, warmup_days: 0 };
    expect((await internal('/settings', 'PUT', settings)).status).toBe(200);

    const send = async (to: string, message: string) => {
      const response = await fetch(`${messagingUrl}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': bootstrap.api_key },
        body: JSON.stringify({ to, message }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }).id;
    };
    const message = (id: string) =>
      fetch(`${messagingUrl}/v1/messages/${id}`, { headers: { 'x-api-key': bootstrap.api_key } }).then(
        (response) => response.json() as Promise<{ status: string; channel: string; from_number: string; hand_offs: unknown[] }>,
      );

    // The mocks' convention (the sandbox's): a number ending in 0-5 is an iPhone, 6-8 an Android phone.
    const blue = await send('+12125550140', 'Blue bubble from the mocks');
    const green = await send('+12125550147', 'Green bubble from the mocks');
    for (const id of [blue, green]) {
      await eventually(
        () => message(id),
        (current) => current.status === 'delivered',
        { timeoutMs: 90_000, what: `message ${id} delivered through its provider's signed callback` },
      );
    }
    await expect(message(blue)).resolves.toMatchObject({
      channel: 'imessage',
      from_number: line,
      hand_offs: [expect.objectContaining({ provider: 'sendblue', outcome: 'accepted' })],
    });
    await expect(message(green)).resolves.toMatchObject({
      channel: 'sms',
      from_number: bootstrap.sender_number,
      hand_offs: [expect.objectContaining({ provider: 'twilio', outcome: 'accepted' })],
    });
    // Each delivered by its provider's signed callback, which messaging took (200), none refused as a provider would refuse.
    expect(mocks.stdout).toMatch(/sendblue DELIVERED \S+ → 200/);
    expect(mocks.stdout).toMatch(/twilio delivered SM\S+ → 200/);

    await expect(launcher.stop('SIGINT')).resolves.toMatchObject({ code: 0 });
    await expect(mocks.stop('SIGINT', 15_000)).resolves.toMatchObject({ code: 0 });
    expect(mocks.stdout).not.toContain('refused as the providers would');
  });
});
