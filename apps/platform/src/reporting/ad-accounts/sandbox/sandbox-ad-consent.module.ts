import { Module, type DynamicModule } from '@nestjs/common';
import { SandboxAdConsentController } from './sandbox-ad-consent.controller';

/** `GET /api/sandbox/ad-consent/{provider}`, only when the sandbox is the ad platform (absent — 404 — otherwise). */
@Module({})
export class SandboxAdConsentModule {
  static forEnvironment(env: { readonly PLATFORM_AD_PLATFORM: string }): DynamicModule {
    const sandbox = env.PLATFORM_AD_PLATFORM === 'sandbox';
    return { module: SandboxAdConsentModule, controllers: sandbox ? [SandboxAdConsentController] : [] };
  }
}
