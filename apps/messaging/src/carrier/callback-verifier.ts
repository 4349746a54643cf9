import { createHmac, timingSafeEqual } from 'node:crypto';
import { CallbackRejectedError } from './carrier-errors';
import type { CallbackHeaders } from './carrier.port';

export const CALLBACK_TIMESTAMP_HEADER = 'x-carrier-timestamp';
export const CALLBACK_SIGNATURE_HEADER = 'x-carrier-signature';
/** Older (or further in the future) than this, a signed callback is refused as a possible replay. */
export const CALLBACK_TOLERANCE_SECONDS = 5 * 60;

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/;

/**
 * The service's own callback signature: HMAC-SHA256 with a shared secret over
 * `<timestamp>.<raw body>`, sent as `x-carrier-timestamp: <unix seconds>` and
 * `x-carrier-signature: sha256=<hex>`. The timestamp is inside the MAC, so an old callback
 * cannot be replayed with a fresh timestamp. The sandbox signs with it; a real provider that
 * lets you choose a shared-secret HMAC can too (others verify their own scheme in their adapter).
 */
export function signCallback(secret: string, rawBody: Buffer | string, timestampSeconds: number): Record<string, string> {
  const timestamp = String(Math.floor(timestampSeconds));
  return {
    [CALLBACK_TIMESTAMP_HEADER]: timestamp,
    [CALLBACK_SIGNATURE_HEADER]: `sha256=${mac(secret, timestamp, rawBody).toString('hex')}`,
  };
}

/** Throws CallbackRejectedError unless the headers carry a valid, fresh signature of `rawBody`. */
export function verifyCallbackSignature(
  secret: string,
  headers: CallbackHeaders,
  rawBody: Buffer | string,
  now: Date,
  toleranceSeconds: number = CALLBACK_TOLERANCE_SECONDS,
): void {
  const timestamp = headerValue(headers, CALLBACK_TIMESTAMP_HEADER);
  const signature = headerValue(headers, CALLBACK_SIGNATURE_HEADER);
  if (timestamp === undefined || signature === undefined) {
    throw new CallbackRejectedError(
      'missing_signature',
      `callback needs the ${CALLBACK_TIMESTAMP_HEADER} and ${CALLBACK_SIGNATURE_HEADER} headers`,
    );
  }
  const digest = signature === null ? undefined : SIGNATURE.exec(signature)?.[1];
  if (timestamp === null || !TIMESTAMP.test(timestamp) || digest === undefined) {
    throw new CallbackRejectedError(
      'malformed_signature',
      `${CALLBACK_TIMESTAMP_HEADER} must be unix seconds and ${CALLBACK_SIGNATURE_HEADER} sha256=<64 hex digits>`,
    );
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
    throw new CallbackRejectedError('stale', `callback timestamp is more than ${toleranceSeconds} seconds away from now`);
  }
  if (!timingSafeEqual(Buffer.from(digest, 'hex'), mac(secret, timestamp, rawBody))) {
    throw new CallbackRejectedError('bad_signature', 'callback signature does not match');
  }
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

function mac(secret: string, timestamp: string, rawBody: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** undefined: absent; null: present but not a single value (repeated header). */
function headerValue(headers: CallbackHeaders, name: string): string | null | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.trim();
  const [only, ...more] = value;
  return only !== undefined && more.length === 0 ? only.trim() : null;
}
