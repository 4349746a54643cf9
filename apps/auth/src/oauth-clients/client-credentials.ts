import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newClientId = (): string => `suite_client_${randomBytes(16).toString('base64url')}`;
/** 256 random bits; shown once, stored only as its digest. */
export const newClientSecret = (): string => `suite_cs_${randomBytes(32).toString('base64url')}`;
export const secretDigest = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** Constant-time comparison of a presented secret with the stored digest. */
export function secretMatches(presented: string, storedDigest: string | null): boolean {
  if (!storedDigest) return false;
  const expected = Buffer.from(storedDigest, 'hex');
  const actual = Buffer.from(secretDigest(presented), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
