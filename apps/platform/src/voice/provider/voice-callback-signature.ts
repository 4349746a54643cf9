import { SIGNED_CALLBACK_TOLERANCE_SECONDS, SignedCallbackScheme } from '@suite/http';
import { VoiceCallbackRejectedError } from './voice-errors';
import type { VoiceCallbackHeaders } from './voice-provider.port';

export const VOICE_TIMESTAMP_HEADER = 'x-voice-timestamp';
export const VOICE_SIGNATURE_HEADER = 'x-voice-signature';

/**
 * The platform's own voice-callback signature (docs/voice.md): the suite's SignedCallbackScheme
 * (the one messaging's carrier callbacks use) under `x-voice-timestamp: <unix seconds>` and
 * `x-voice-signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`, 5 minutes of
 * tolerance. The sandbox signs with it; a real provider that lets us choose a shared-secret HMAC can too.
 */
const VOICE_SCHEME = new SignedCallbackScheme({
  timestampHeader: VOICE_TIMESTAMP_HEADER,
  signatureHeader: VOICE_SIGNATURE_HEADER,
  toleranceSeconds: SIGNED_CALLBACK_TOLERANCE_SECONDS,
  reject: (reason, message) => new VoiceCallbackRejectedError(reason, message),
});

/** The scheme bound to a secret and a clock. */
export class VoiceCallbackSigner {
  constructor(
    private readonly secret: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  sign(rawBody: Buffer | string): Record<string, string> {
    return VOICE_SCHEME.sign(this.secret, rawBody, this.clock().getTime() / 1000);
  }

  /** Throws VoiceCallbackRejectedError (missing_signature, malformed_signature, stale, bad_signature). */
  verify(headers: VoiceCallbackHeaders, rawBody: Buffer | string): void {
    VOICE_SCHEME.verify(this.secret, headers, rawBody, this.clock());
  }
}
