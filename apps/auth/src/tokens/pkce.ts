import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43–128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is base64url(SHA-256) without padding: exactly 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const s256Challenge = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** RFC 7636 §4.6 with S256, the only method this server accepts (no `plain`). */
export function verifyPkceS256(verifier: string | undefined, challenge: string): boolean {
  if (verifier === undefined || !VERIFIER.test(verifier) || !S256_CHALLENGE.test(challenge)) return false;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(s256Challenge(verifier));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
