import {
  findFreePort,
  RetellSimulator,
  TelnyxReputationFake,
  TwilioNumbersSimulator,
  VendorMock,
  type RetellSimulatorOptions,
} from '@suite/testing';
import { PlatformTestApp } from './platform-test-app';

export const TEST_RETELL_API_KEY = 'key_retell_test_0123456789abcdef';
export const TEST_TWILIO_ACCOUNT_SID = `AC${'a1'.repeat(16)}`;
export const TEST_TWILIO_AUTH_TOKEN = 'f0'.repeat(16);
export const TEST_TWILIO_TRUNK_SID = `TK${'b2'.repeat(16)}`;
export const TEST_TERMINATION_URI = 'suite-test.pstn.twilio.com';
export const TEST_TELNYX_API_KEY = 'KEY_telnyx_test_0123456789';

/**
 * The three providers of PLATFORM_VOICE_PROVIDER=retell on 127.0.0.1, as an integration spec uses
 * them: Prism on Retell's and Twilio's published descriptions with their simulators in front
 * (libs/testing), the Telnyx reputation fake, and the platform started against them — listening
 * on the port PLATFORM_PUBLIC_URL names, so Retell's webhooks reach it over HTTP as they would.
 */
export class LiveVoiceProviders {
  private constructor(
    readonly platform: PlatformTestApp,
    readonly retell: VendorMock,
    readonly retellCalls: RetellSimulator,
    readonly twilio: VendorMock,
    readonly twilioNumbers: TwilioNumbersSimulator,
    readonly telnyx: TelnyxReputationFake,
  ) {}

  /** `env` adds or replaces platform variables (PLATFORM_CALL_ANALYSIS_WAIT_SECONDS, say). */
  static async start(
    name: string,
    options: { env?: Record<string, string>; retell?: Partial<RetellSimulatorOptions> } = {},
  ): Promise<LiveVoiceProviders> {
    const retellCalls = new RetellSimulator({ apiKey: TEST_RETELL_API_KEY, ...options.retell });
    const twilioNumbers = new TwilioNumbersSimulator();
    const [retell, twilio, telnyx] = await Promise.all([
      VendorMock.start('retell_openapi', { stub: retellCalls.stub }),
      VendorMock.start('twilio_api_v2010', { stub: twilioNumbers.stub }),
      TelnyxReputationFake.start(TEST_TELNYX_API_KEY),
    ]);
    const port = await findFreePort();
    const variables: Record<string, string> = {
      PLATFORM_VOICE_PROVIDER: 'retell',
      PLATFORM_PUBLIC_URL: `http://127.0.0.1:${port}`,
      RETELL_API_KEY: TEST_RETELL_API_KEY,
      RETELL_API_URL: retell.url,
      TWILIO_ACCOUNT_SID: TEST_TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TEST_TWILIO_AUTH_TOKEN,
      TWILIO_API_URL: twilio.url,
      TWILIO_SIP_TRUNK_SID: TEST_TWILIO_TRUNK_SID,
      TWILIO_SIP_TERMINATION_URI: TEST_TERMINATION_URI,
      TELNYX_API_KEY: TEST_TELNYX_API_KEY,
      TELNYX_API_URL: telnyx.url,
      ...options.env,
    };
    // PlatformTestApp reads process.env (jest gives each spec file its own copy); restored once started.
    const saved = Object.fromEntries(Object.keys(variables).map((key) => [key, process.env[key]]));
    Object.assign(process.env, variables);
    try {
      const platform = await PlatformTestApp.start(name);
      await platform.app.listen(port, '127.0.0.1');
      return new LiveVoiceProviders(platform, retell, retellCalls, twilio, twilioNumbers, telnyx);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  }

  /** Every request either mock refused as its description does not allow: an adapter bug, for a spec to expect empty. */
  refusedRequests(): string[] {
    return [...this.retell.requests, ...this.twilio.requests]
      .filter((request) => request.refusedByDescription)
      .map((request) => `${request.method} ${request.pathname} → ${request.prismStatus}`);
  }

  async stop(): Promise<void> {
    await this.retellCalls.idle();
    await this.platform.stop();
    await Promise.all([this.retell.stop(), this.twilio.stop(), this.telnyx.stop()]);
  }
}
