import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_CALLBACK_TOLERANCE_SECONDS } from '@suite/http';
import { VoiceCallbackRejectedError } from '../voice-errors';
import type { VoiceCallbackHeaders } from '../voice-provider.port';

export const RETELL_SIGNATURE_HEADER = 'x-retell-signature';

/** `v=<unix milliseconds>,d=<hex HMAC-SHA256>`, as retell-sdk's `Retell.sign` writes it. */
const SIGNATURE = /^v=(\d{1,15}),d=([0-9a-f]{64})$/i;

/**
 * Retell's webhook signature (`x-retell-signature`), the scheme of retell-sdk's `Retell.verify`
 * (lib/webhook_auth.ts of retell-sdk 5.66.1): HMAC-SHA256 keyed with the account's API key over
 * the raw body followed by the timestamp in milliseconds, refused more than 5 minutes from the
 * server clock. Written here rather than calling `Retell.verify` because that one is async (Web
 * Crypto) and reads the wall clock, while callbacks are read synchronously against the app's
 * clock; the digest is compared in constant time. The unit spec signs with `Retell.sign` and
 * checks both verifiers agree, so the two cannot drift apart unnoticed.
 */
export function verifyRetellSignature(apiKey: string, headers: VoiceCallbackHeaders, rawBody: Buffer, now: Date): void {
  const header = headers[RETELL_SIGNATURE_HEADER];
  const signature = Array.isArray(header) ? header[0] : header;
  if (signature === undefined || signature === '')
    throw new VoiceCallbackRejectedError('missing_signature', 'x-retell-signature is missing.');
  const match = SIGNATURE.exec(signature.trim());
  if (!match)
    throw new VoiceCallbackRejectedError('malformed_signature', 'x-retell-signature is not v=<timestamp>,d=<hex digest>.');
  const timestamp = match[1]!;
  if (Math.abs(now.getTime() - Number(timestamp)) > SIGNED_CALLBACK_TOLERANCE_SECONDS * 1000) {
    throw new VoiceCallbackRejectedError('stale', 'x-retell-signature is more than 5 minutes from our clock.');
  }
  const expected = createHmac('sha256', apiKey).update(rawBody).update(timestamp).digest();
  if (!timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))) {
    throw new VoiceCallbackRejectedError('bad_signature', 'x-retell-signature does not match the body.');
  }
}
