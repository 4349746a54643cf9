import { Module, type DynamicModule } from '@nestjs/common';
import { CallsModule } from '../calls.module';
import { SANDBOX_PROVIDER_NAME } from './sandbox-call-channel';
import { SandboxCallsController } from './sandbox-calls.controller';
import { SandboxCallsService } from './sandbox-calls.service';

/** `POST /api/sandbox/calls`, only when the sandbox is the voice provider (absent — 404 — otherwise). */
@Module({})
export class SandboxCallsModule {
  static forEnvironment(env: { readonly PLATFORM_VOICE_PROVIDER: string }): DynamicModule {
    const sandbox = env.PLATFORM_VOICE_PROVIDER === SANDBOX_PROVIDER_NAME;
    return {
      module: SandboxCallsModule,
      imports: sandbox ? [CallsModule] : [],
      controllers: sandbox ? [SandboxCallsController] : [],
      providers: sandbox ? [SandboxCallsService] : [],
    };
  }
}
