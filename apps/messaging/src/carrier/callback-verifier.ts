import { SIGNED_CALLBACK_TOLERANCE_SECONDS, SignedCallbackScheme } from '@suite/http';
import { CallbackRejectedError } from './carrier-errors';
import type { CallbackHeaders } from './carrier.port';

export const CALLBACK_TIMESTAMP_HEADER = 'x-carrier-timestamp';
export const CALLBACK_SIGNATURE_HEADER = 'x-carrier-signature';
/** Older (or further in the future) than this, a signed callback is refused as a possible replay. */
export const CALLBACK_TOLERANCE_SECONDS = SIGNED_CALLBACK_TOLERANCE_SECONDS;

/**
 * The service's own callback signature: HMAC-SHA256 with a shared secret over
 * `<timestamp>.<raw body>`, sent as `x-carrier-timestamp: <unix seconds>` and
 * `x-carrier-signature: sha256=<hex>` — the suite's SignedCallbackScheme (libs/http, shared
 * with the platform's voice callbacks) under the carrier's header names and error. The sandbox
 * signs with it; a real provider that lets you choose a shared-secret HMAC can too (others
 * verify their own scheme in their adapter).
 */
const CARRIER_SCHEME = new SignedCallbackScheme({
  timestampHeader: CALLBACK_TIMESTAMP_HEADER,
  signatureHeader: CALLBACK_SIGNATURE_HEADER,
  toleranceSeconds: CALLBACK_TOLERANCE_SECONDS,
  reject: (reason, message) => new CallbackRejectedError(reason, message),
});

export function signCallback(secret: string, rawBody: Buffer | string, timestampSeconds: number): Record<string, string> {
  return CARRIER_SCHEME.sign(secret, rawBody, timestampSeconds);
}

/** Throws CallbackRejectedError unless the headers carry a valid, fresh signature of `rawBody`. */
export function verifyCallbackSignature(
  secret: string,
  headers: CallbackHeaders,
  rawBody: Buffer | string,
  now: Date,
  toleranceSeconds: number = CALLBACK_TOLERANCE_SECONDS,
): void {
  CARRIER_SCHEME.verify(secret, headers, rawBody, now, toleranceSeconds);
}

/** The signing scheme bound to a secret and a clock, as adapters and the sandbox use it. */
export class CallbackVerifier {
  constructor(
    private readonly secret: string,
    private readonly clock: () => Date = () => new Date(),
    private readonly toleranceSeconds: number = CALLBACK_TOLERANCE_SECONDS,
  ) {}

  sign(rawBody: Buffer | string): Record<string, string> {
    return signCallback(this.secret, rawBody, this.clock().getTime() / 1000);
  }

  verify(headers: CallbackHeaders, rawBody: Buffer | string): void {
    verifyCallbackSignature(this.secret, headers, rawBody, this.clock(), this.toleranceSeconds);
  }
}
