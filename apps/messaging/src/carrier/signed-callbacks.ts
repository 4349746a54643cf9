import { decodeCallbacks, encodeCallbacks } from './callback-codec';
import { CallbackVerifier } from './callback-verifier';
import type { CallbackHeaders, CarrierCallback } from './carrier.port';

/**
 * The service's own callback format — JSON bodies (callback-codec.ts) signed with the shared
 * secret (callback-verifier.ts) — from both ends: reading what arrives at
 * `POST /v1/carrier/callbacks/{carrier}` and writing what a carrier speaking it would post.
 * The sandbox speaks it, as can any adapter whose provider lets us choose the webhook format.
 */
export class SignedCallbacks {
  private readonly verifier: CallbackVerifier;

  constructor(secret: string, clock: () => Date) {
    this.verifier = new CallbackVerifier(secret, clock);
  }

  /** Verifies the signature over the raw bytes, then decodes; throws CallbackRejectedError. */
  read(headers: CallbackHeaders, rawBody: Buffer | string): CarrierCallback[] {
    this.verifier.verify(headers, rawBody);
    return decodeCallbacks(rawBody);
  }

  /** The body and headers such a carrier would post: one callback, or several in one body (a batch of receipts). */
  write(callbacks: CarrierCallback | readonly CarrierCallback[]): { headers: Record<string, string>; rawBody: string } {
    const rawBody = encodeCallbacks(Array.isArray(callbacks) ? callbacks : [callbacks as CarrierCallback]);
    return { headers: this.verifier.sign(rawBody), rawBody };
  }
}
