import { Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, type Clock } from '@suite/time';
import type { BaseEnvironment } from '@suite/config';
import { publicUrlOf } from '../../shared/public-url';
import type { AdAccountsEnvironment } from './ad-accounts-environment';
import type { AdPlatformName } from './ad-platform-registry';
import { configuredAdProviders } from './ad-platform-variables';
import { AD_PLATFORM, type AdPlatform } from './ad-platform.port';
import { GoogleAds } from './google/google-ads';
import { LiveAdPlatform } from './live/live-ad-platform';
import { MetaAds } from './meta/meta-ads';
import { SandboxAdPlatform } from './sandbox/sandbox-ad-platform';

const base = (url: string): string => url.replace(/\/+$/, '');

/** The live providers the environment holds credentials for (ad-platform-variables.ts checked them whole). */
function liveAdPlatform(env: AdAccountsEnvironment, clock: Clock): LiveAdPlatform {
  const configured = configuredAdProviders(env);
  return new LiveAdPlatform({
    ...(configured.includes('facebook')
      ? {
          facebook: new MetaAds(
            {
              appId: env.META_APP_ID!,
              appSecret: env.META_APP_SECRET!,
              graphUrl: base(env.META_GRAPH_URL),
              oauthUrl: base(env.META_OAUTH_URL),
            },
            clock,
          ),
        }
      : {}),
    ...(configured.includes('google')
      ? {
          google: new GoogleAds(
            {
              clientId: env.GOOGLE_ADS_CLIENT_ID!,
              clientSecret: env.GOOGLE_ADS_CLIENT_SECRET!,
              developerToken: env.GOOGLE_ADS_DEVELOPER_TOKEN!,
              apiUrl: base(env.GOOGLE_ADS_API_URL),
              oauthUrl: base(env.GOOGLE_OAUTH_URL),
              tokenUrl: base(env.GOOGLE_TOKEN_URL),
            },
            clock,
          ),
        }
      : {}),
  });
}

/** Its own slice, and the app's port (the sandbox's consent page falls back to the loopback address). */
type AdPlatformVariables = AdAccountsEnvironment & Pick<BaseEnvironment, 'PORT'>;

/** One factory per adapter: the only place that knows the concrete classes. */
const ADAPTERS: Record<AdPlatformName, (env: AdPlatformVariables, clock: Clock) => AdPlatform> = {
  sandbox: (env, clock) => new SandboxAdPlatform(clock, publicUrlOf(env)),
  live: liveAdPlatform,
};

/**
 * Provides AD_PLATFORM (the adapter PLATFORM_AD_PLATFORM names), globally; the ad-accounts
 * feature injects the port, never an adapter. A test replaces the adapter by overriding
 * AD_PLATFORM (decision 0057).
 */
@Module({})
export class AdPlatformModule {
  static forEnvironment(env: AdPlatformVariables): DynamicModule {
    return {
      module: AdPlatformModule,
      global: true,
      providers: [
        {
          provide: AD_PLATFORM,
          inject: [CLOCK],
          useFactory: (clock: Clock) => ADAPTERS[env.PLATFORM_AD_PLATFORM as AdPlatformName](env, clock),
        },
      ],
      exports: [AD_PLATFORM],
    };
  }
}
