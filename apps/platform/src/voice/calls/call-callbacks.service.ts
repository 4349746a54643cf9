import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@suite/http';
import type { VoiceCallbackResult, VoiceCallbackSink } from '../provider/voice-callback-sink';
import { VoiceCallbackRejectedError } from '../provider/voice-errors';
import {
  VOICE_PROVIDER,
  type VoiceCallback,
  type VoiceCallbackHeaders,
  type VoiceProvider,
} from '../provider/voice-provider.port';
import { CallLifecycle } from './call-lifecycle.service';

/**
 * The one entrance of voice callbacks: `POST /api/voice/callbacks/{provider}` and, in-process,
 * the VoiceCallbackSink the sandbox posts its signed callbacks to. The active provider's adapter
 * verifies the signature over the raw bytes and normalises the body; the callbacks are then
 * applied in order, each idempotently (CallLifecycle), so a provider may retry the whole request.
 */
@Injectable()
export class CallCallbacks implements VoiceCallbackSink {
  constructor(
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
    private readonly lifecycle: CallLifecycle,
  ) {}

  async receive(providerName: string, headers: VoiceCallbackHeaders, rawBody: Buffer | string): Promise<VoiceCallbackResult[]> {
    if (providerName !== this.provider.name) throw new AppError('not_found', 'No such voice provider is active.');
    return this.lifecycle.applyAll(this.provider.name, this.read(headers, rawBody));
  }

  submit(provider: string, headers: Record<string, string>, rawBody: string): Promise<VoiceCallbackResult[]> {
    return this.receive(provider, headers, rawBody);
  }

  /** 400 for a body we cannot read, 401 for any signature problem (as messaging's carrier callbacks). */
  private read(headers: VoiceCallbackHeaders, rawBody: Buffer | string): VoiceCallback[] {
    try {
      return this.provider.readCallback(headers, Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody));
    } catch (error) {
      if (!(error instanceof VoiceCallbackRejectedError)) throw error;
      throw error.reason === 'malformed_body'
        ? new AppError('invalid', error.message)
        : new AppError('unauthenticated', error.message);
    }
  }
}
