import { APPS } from '@suite/contracts';
import { LocalCarrierMocks } from './local-carrier-mocks';

/**
 * `npm run -s carrier-mocks`: Twilio (API and Lookup, Prism on their published descriptions) and
 * Sendblue (SendblueFake) on 127.0.0.1, posting signed delivery callbacks to messaging, and the
 * variables that point messaging at them. Then, in another terminal, `MESSAGING_CARRIER=sendblue+twilio`
 * and the rest as printed, `npm start`: a text to a number ending in 0–5 goes by iMessage through
 * "Sendblue", one ending in 6–8 by SMS through "Twilio", and both reach `delivered` through the
 * providers' signed callbacks (docs/carriers.md, "Trying it against local mocks"). Ctrl-C stops it.
 *
 * Variables: MESSAGING_PUBLIC_URL (where callbacks go; default messaging's local port),
 * CARRIER_MOCKS_DELIVERY_DELAY_MS (from a send to its `delivered` callback; default 2000).
 */
async function main(): Promise<void> {
  const publicUrl = (
    process.env.MESSAGING_PUBLIC_URL ?? `http://127.0.0.1:${process.env.MESSAGING_PORT ?? APPS.messaging.defaultPort}`
  ).replace(/\/+$/, '');
  const deliveryDelayMs = Number(process.env.CARRIER_MOCKS_DELIVERY_DELAY_MS ?? 2000);
  if (!Number.isFinite(deliveryDelayMs) || deliveryDelayMs < 0)
    throw new Error('CARRIER_MOCKS_DELIVERY_DELAY_MS must be a number of ms');
  const mocks = await LocalCarrierMocks.start({ publicUrl, deliveryDelayMs, log: (line) => console.log(`[mocks] ${line}`) });
  const stop = async () => {
    const refused = mocks.refused();
    if (refused.length > 0) console.log(`[mocks] refused as the providers would: ${refused.join(', ')}`);
    await mocks.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const variables = Object.entries(mocks.environment()).map(([name, value]) => `export ${name}=${value}`);
  console.log(
    [
      `Twilio (API, Lookup) and Sendblue mocks are listening; their callbacks go to ${publicUrl}.`,
      'Point messaging at them (another terminal, then `npm start`):',
      '',
      ...variables,
      '',
      'A text to a number ending in 0-5 goes by iMessage through Sendblue, 6-8 by SMS through Twilio, 9 is a landline.',
      'Add a Sendblue line to the workspace too: npm run -s admin -- add-sender-number --company <id> --number <phone> --provider sendblue',
      'Ctrl-C stops the mocks.',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`carrier mocks failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
