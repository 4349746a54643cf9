import { RetellSimulator, TelnyxReputationFake, TwilioNumbersSimulator, VendorMock } from '@suite/testing';

/**
 * `npm run voice:mocks` (docs/voice.md, "Going live against local mocks"): Retell and Twilio as
 * Prism mocks of their published descriptions with the simulators of libs/testing in front (ids,
 * state, and each placed call's webhooks signed with Retell.sign), and the Telnyx reputation fake,
 * all on 127.0.0.1. Prints the variables that point `npm start` at them, then runs until Ctrl-C.
 * Nothing leaves the machine; every Retell and Twilio request is validated against the description
 * (a refused one is printed).
 */
const PLATFORM_URL = process.env.PLATFORM_PUBLIC_URL ?? `http://127.0.0.1:${process.env.PLATFORM_PORT ?? 3003}`;
const RETELL_API_KEY = process.env.RETELL_API_KEY ?? 'key_local_mock_retell_0123456789abcdef';
const TELNYX_API_KEY = process.env.TELNYX_API_KEY ?? 'KEY_local_mock_telnyx_0123456789';

async function main(): Promise<void> {
  const calls = new RetellSimulator({ apiKey: RETELL_API_KEY, stepMs: Number(process.env.VOICE_MOCKS_STEP_MS ?? 1000) });
  const numbers = new TwilioNumbersSimulator();
  const [retell, twilio, telnyx] = await Promise.all([
    VendorMock.start('retell_openapi', { stub: calls.stub }),
    VendorMock.start('twilio_api_v2010', { stub: numbers.stub }),
    TelnyxReputationFake.start(TELNYX_API_KEY),
  ]);
  const variables: Record<string, string> = {
    PLATFORM_VOICE_PROVIDER: 'retell',
    PLATFORM_PUBLIC_URL: PLATFORM_URL,
    RETELL_API_KEY,
    RETELL_API_URL: retell.url,
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(31)}1`,
    TWILIO_AUTH_TOKEN: 'local-mock-twilio-auth-token-0001',
    TWILIO_API_URL: twilio.url,
    TWILIO_SIP_TRUNK_SID: `TK${'0'.repeat(31)}1`,
    TWILIO_SIP_TERMINATION_URI: 'local-mock.pstn.twilio.com',
    TELNYX_API_KEY,
    TELNYX_API_URL: telnyx.url,
  };
  for (const [name, value] of Object.entries(variables)) process.stdout.write(`export ${name}=${value}\n`);
  process.stderr.write('voice mocks: ready (Retell and Twilio under Prism, Telnyx fake); Ctrl-C stops them\n');

  let seen = 0;
  const watch = setInterval(() => {
    const requests = [...retell.requests, ...twilio.requests];
    for (const request of requests.slice(seen)) {
      if (request.refusedByDescription)
        process.stderr.write(
          `voice mocks: REFUSED by the description: ${request.method} ${request.pathname} → ${request.prismStatus}\n`,
        );
    }
    seen = requests.length;
  }, 1000);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearInterval(watch);
  await Promise.all([retell.stop(), twilio.stop(), telnyx.stop()]);
}

main().catch((error: unknown) => {
  process.stderr.write(`voice mocks: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
