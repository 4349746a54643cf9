import { Module, type DynamicModule } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CLOCK, type Clock } from '@suite/runtime';
import type { PlatformEnvironment } from '../config/platform-environment';
import { SandboxVoiceProvider, type SandboxCallChannel } from './sandbox/sandbox-voice-provider';
import type { VoiceProviderName } from './voice-provider-registry';
import { VOICE_PROVIDER, type VoiceProvider } from './voice-provider.port';

/** The sandbox's calling half, provided by the calls feature (calls/sandbox). */
export const SANDBOX_CALL_CHANNEL = Symbol('SANDBOX_CALL_CHANNEL');

interface AdapterDependencies {
  readonly clock: Clock;
  readonly moduleRef: ModuleRef;
}

/** One factory per adapter: the only place that knows the concrete classes. */
const ADAPTERS: Record<VoiceProviderName, (env: PlatformEnvironment, dependencies: AdapterDependencies) => VoiceProvider> = {
  sandbox: (_env, { clock, moduleRef }) =>
    new SandboxVoiceProvider(clock, () => moduleRef.get<SandboxCallChannel>(SANDBOX_CALL_CHANNEL, { strict: false })),
};

/**
 * Provides VOICE_PROVIDER (the adapter PLATFORM_VOICE_PROVIDER names), globally. The domain
 * (numbers, calls, campaigns, reputation checks) injects the port and never an adapter.
 * `provider` replaces the adapter (tests); production passes none.
 */
@Module({})
export class VoiceModule {
  static forEnvironment(env: PlatformEnvironment, options: { provider?: VoiceProvider } = {}): DynamicModule {
    return {
      module: VoiceModule,
      global: true,
      providers: [
        options.provider
          ? { provide: VOICE_PROVIDER, useValue: options.provider }
          : {
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
