import { randomBytes } from 'node:crypto';

/** Standard Webhooks' secret prefix; the rest is the base64 of the key bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** At least 24 random bytes (192 bits); we generate 32. */
export const WEBHOOK_SECRET_MIN_BYTES = 24;
const DEFAULT_BYTES = 32;

/** A webhook's signing secret: `whsec_` + base64 of 32 random bytes (shown to the customer once). */
export function generateWebhookSecret(bytes = DEFAULT_BYTES): string {
  if (!Number.isInteger(bytes) || bytes < WEBHOOK_SECRET_MIN_BYTES)
    throw new RangeError(`a webhook secret needs at least ${WEBHOOK_SECRET_MIN_BYTES} bytes`);
  return WEBHOOK_SECRET_PREFIX + randomBytes(bytes).toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Whether `value` is a secret of our format: the prefix, then canonical base64 of 24 or more bytes. */
export function isWebhookSecret(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const encoded = value.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return false;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= WEBHOOK_SECRET_MIN_BYTES && key.toString('base64') === encoded;
}

/** The key bytes Standard Webhooks signs with: the base64 after the prefix, decoded. */
export function standardWebhooksKey(secret: string): Buffer {
  if (!isWebhookSecret(secret)) throw new TypeError('not a webhook secret (whsec_ + base64 of 24+ bytes)');
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
}
