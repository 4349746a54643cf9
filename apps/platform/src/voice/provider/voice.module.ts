import { Module, type DynamicModule } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CLOCK, type Clock } from '@suite/time';
import { RetellClient } from './retell/retell-client';
import { RetellVoiceProvider } from './retell/retell-voice-provider';
import { SandboxVoiceProvider, type SandboxCallChannel } from './sandbox/sandbox-voice-provider';
import { TelnyxReputationClient } from './telnyx/telnyx-reputation-client';
import { TwilioNumbersClient } from './twilio/twilio-numbers-client';
import type { VoiceEnvironment } from './voice-environment';
import type { VoiceProviderName } from './voice-provider-registry';
import { VOICE_PROVIDER, type VoiceProvider } from './voice-provider.port';

/** The sandbox's calling half, provided by the calls feature (calls/sandbox). */
export const SANDBOX_CALL_CHANNEL = Symbol('SANDBOX_CALL_CHANNEL');

interface AdapterDependencies {
  readonly clock: Clock;
  readonly moduleRef: ModuleRef;
}

/** One factory per adapter: the only place that knows the concrete classes. */
const ADAPTERS: Record<VoiceProviderName, (env: VoiceEnvironment, dependencies: AdapterDependencies) => VoiceProvider> = {
  sandbox: (_env, { clock, moduleRef }) =>
    new SandboxVoiceProvider(clock, () => moduleRef.get<SandboxCallChannel>(SANDBOX_CALL_CHANNEL, { strict: false })),
  retell: (env, { clock }) => retellProvider(env, clock),
};

/** Bound of one request to Retell, Twilio or Telnyx; a call placed past it counts as an unknown outcome. */
const PROVIDER_TIMEOUT_MS = 10_000;

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** The `retell` adapter from its variables (validated at boot: voice-environment.ts requires them with it). */
function retellProvider(env: VoiceEnvironment, clock: Clock): VoiceProvider {
  const required = (name: keyof VoiceEnvironment): string => {
    const value = env[name];
    if (typeof value !== 'string') throw new Error(`${name} is required with PLATFORM_VOICE_PROVIDER=retell`);
    return value;
  };
  const retell = new RetellClient({
    apiKey: required('RETELL_API_KEY'),
    apiUrl: withoutTrailingSlash(env.RETELL_API_URL),
    webhookUrl: `${withoutTrailingSlash(required('PLATFORM_PUBLIC_URL'))}/api/voice/callbacks/retell`,
    terminationUri: required('TWILIO_SIP_TERMINATION_URI'),
    timeoutMs: PROVIDER_TIMEOUT_MS,
  });
  const numbers = new TwilioNumbersClient({
    accountSid: required('TWILIO_ACCOUNT_SID'),
    authToken: required('TWILIO_AUTH_TOKEN'),
    apiUrl: withoutTrailingSlash(env.TWILIO_API_URL),
    trunkSid: required('TWILIO_SIP_TRUNK_SID'),
    timeoutMs: PROVIDER_TIMEOUT_MS,
  });
  const reputation = env.TELNYX_API_KEY
    ? new TelnyxReputationClient({
        apiKey: env.TELNYX_API_KEY,
        apiUrl: withoutTrailingSlash(env.TELNYX_API_URL),
        timeoutMs: PROVIDER_TIMEOUT_MS,
      })
    : null;
  return new RetellVoiceProvider(retell, numbers, reputation, required('RETELL_API_KEY'), clock);
}

/**
 * Provides VOICE_PROVIDER (the adapter PLATFORM_VOICE_PROVIDER names), globally. The domain
 * (numbers, calls, campaigns, reputation checks) injects the port and never an adapter; a test
 * replaces the adapter by overriding VOICE_PROVIDER (decision 0057).
 */
@Module({})
export class VoiceModule {
  static forEnvironment(env: VoiceEnvironment): DynamicModule {
    return {
      module: VoiceModule,
      global: true,
      providers: [
        {
          provide: VOICE_PROVIDER,
          inject: [CLOCK, ModuleRef],
          useFactory: (clock: Clock, moduleRef: ModuleRef) =>
            ADAPTERS[env.PLATFORM_VOICE_PROVIDER as VoiceProviderName](env, { clock, moduleRef }),
        },
      ],
      exports: [VOICE_PROVIDER],
    };
  }
}
