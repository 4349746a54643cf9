import { Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, type Clock } from '@suite/runtime';
import type { PlatformEnvironment } from '../config/platform-environment';
import type { AdPlatformName } from './ad-platform-registry';
import { AD_PLATFORM, type AdPlatform } from './ad-platform.port';
import { SandboxAdPlatform } from './sandbox/sandbox-ad-platform';

/** One factory per adapter: the only place that knows the concrete classes. */
const ADAPTERS: Record<AdPlatformName, (env: PlatformEnvironment, clock: Clock) => AdPlatform> = {
  sandbox: (_env, clock) => new SandboxAdPlatform(clock),
};

/**
 * Provides AD_PLATFORM (the adapter PLATFORM_AD_PLATFORM names), globally; the ad-accounts
 * feature injects the port, never an adapter. `adPlatform` replaces the adapter (tests);
 * production passes none.
 */
@Module({})
export class AdPlatformModule {
  static forEnvironment(env: PlatformEnvironment, options: { adPlatform?: AdPlatform } = {}): DynamicModule {
    return {
      module: AdPlatformModule,
      global: true,
      providers: [
        options.adPlatform
          ? { provide: AD_PLATFORM, useValue: options.adPlatform }
          : {
              provide: AD_PLATFORM,
              inject: [CLOCK],
              useFactory: (clock: Clock) => ADAPTERS[env.PLATFORM_AD_PLATFORM as AdPlatformName](env, clock),
            },
      ],
      exports: [AD_PLATFORM],
    };
  }
}
