import { createHmac, timingSafeEqual } from 'node:crypto';

/** Why a signed callback was refused (the body's own problems are the codec's `malformed_body`). */
export type SignatureRejection = 'missing_signature' | 'malformed_signature' | 'stale' | 'bad_signature';

export type SignedCallbackHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface SignedCallbackSchemeOptions {
  /** e.g. `x-carrier-timestamp`; lower case (headers are matched case-insensitively). */
  readonly timestampHeader: string;
  /** e.g. `x-carrier-signature`; lower case. */
  readonly signatureHeader: string;
  /** Further than this from the server clock, a callback is refused as a possible replay. */
  readonly toleranceSeconds: number;
  /** The error each caller throws (the carrier's or the voice provider's rejection error). */
  readonly reject: (reason: SignatureRejection, message: string) => Error;
}

/** The default tolerance of both schemes: 5 minutes. */
export const SIGNED_CALLBACK_TOLERANCE_SECONDS = 5 * 60;

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/;

/**
 * The suite's own webhook-callback signature (docs/carriers.md, docs/voice.md): HMAC-SHA256 with
 * a shared secret over `<timestamp>.<raw body>`, sent as `<timestampHeader>: <unix seconds>` and
 * `<signatureHeader>: sha256=<hex>`. The timestamp is inside the MAC, so an old body cannot be
 * replayed with a fresh timestamp; digests are compared in constant time. One implementation,
 * parametrised by the header names and the error a refusal throws, so messaging's carrier
 * callbacks and the platform's voice callbacks cannot drift apart.
 */
export class SignedCallbackScheme {
  constructor(private readonly options: SignedCallbackSchemeOptions) {}

  get toleranceSeconds(): number {
    return this.options.toleranceSeconds;
  }

  /** The two headers signing `rawBody` at `timestampSeconds`. */
  sign(secret: string, rawBody: Buffer | string, timestampSeconds: number): Record<string, string> {
    const timestamp = String(Math.floor(timestampSeconds));
    return {
      [this.options.timestampHeader]: timestamp,
      [this.options.signatureHeader]: `sha256=${mac(secret, timestamp, rawBody).toString('hex')}`,
    };
  }

  /** Throws the scheme's rejection unless the headers carry a valid, fresh signature of `rawBody`. */
  verify(
    secret: string,
    headers: SignedCallbackHeaders,
    rawBody: Buffer | string,
    now: Date,
    toleranceSeconds: number = this.options.toleranceSeconds,
  ): void {
    const { timestampHeader, signatureHeader, reject } = this.options;
    const timestamp = headerValue(headers, timestampHeader);
    const signature = headerValue(headers, signatureHeader);
    if (timestamp === undefined || signature === undefined) {
      throw reject('missing_signature', `callback needs the ${timestampHeader} and ${signatureHeader} headers`);
    }
    const digest = signature === null ? undefined : SIGNATURE.exec(signature)?.[1];
    if (timestamp === null || !TIMESTAMP.test(timestamp) || digest === undefined) {
      throw reject(
        'malformed_signature',
        `${timestampHeader} must be unix seconds and ${signatureHeader} sha256=<64 hex digits>`,
      );
    }
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
      throw reject('stale', `callback timestamp is more than ${toleranceSeconds} seconds away from now`);
    }
    if (!timingSafeEqual(Buffer.from(digest, 'hex'), mac(secret, timestamp, rawBody))) {
      throw reject('bad_signature', 'callback signature does not match');
    }
  }
}

function mac(secret: string, timestamp: string, rawBody: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** undefined: absent; null: present but not a single value (repeated header). */
function headerValue(headers: SignedCallbackHeaders, name: string): string | null | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.trim();
  const [only, ...more] = value;
  return only !== undefined && more.length === 0 ? only.trim() : null;
}
