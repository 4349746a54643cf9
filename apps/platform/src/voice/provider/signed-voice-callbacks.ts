import { decodeVoiceCallbacks, encodeVoiceCallbacks } from './voice-callback-codec';
import { VoiceCallbackSigner } from './voice-callback-signature';
import type { VoiceCallback, VoiceCallbackHeaders } from './voice-provider.port';

/**
 * The platform's own voice-callback format — JSON bodies (voice-callback-codec.ts) signed with the
 * shared secret (voice-callback-signature.ts) — from both ends: reading what arrives at
 * `POST /api/voice/callbacks/{provider}` and writing what a provider speaking it would post.
 */
export class SignedVoiceCallbacks {
  private readonly signer: VoiceCallbackSigner;

  constructor(secret: string, clock: () => Date) {
    this.signer = new VoiceCallbackSigner(secret, clock);
  }

  /** Verifies the signature over the raw bytes, then decodes; throws VoiceCallbackRejectedError. */
  read(headers: VoiceCallbackHeaders, rawBody: Buffer | string): VoiceCallback[] {
    this.signer.verify(headers, rawBody);
    return decodeVoiceCallbacks(rawBody);
  }

  /** The body and headers such a provider would post: one callback, or several in one body. */
  write(callbacks: readonly VoiceCallback[]): { headers: Record<string, string>; rawBody: string } {
    const rawBody = encodeVoiceCallbacks(callbacks);
    return { headers: this.signer.sign(rawBody), rawBody };
  }
}
