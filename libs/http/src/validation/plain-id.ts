/** Largest value of a PostgreSQL bigint identity. */
const MAX_BIGINT = 9223372036854775807n;

/**
 * The two spellings of a platform id that need no key, numeric (`42`) and base64 of the number
 * (`NDI=`: padding optional, URL-safe alphabet accepted), decoded to the decimal string; null for
 * anything else. Pure, so every app can read an id the platform hands out (a webhook's `list_id`)
 * and the platform can read ids held in data (workflow graphs); the platform's encrypted spelling
 * needs its key and stays there (apps/platform/src/ids).
 */
export function decodePlainId(raw: string): string | null {
  if (raw.length === 0 || raw.length > 200) return null;
  if (/^[0-9]+$/.test(raw)) return canonicalId(raw);
  return decodeBase64Id(raw);
}

/** `0042` → `42`; null for 0 or anything beyond a bigint. */
export function canonicalId(digits: string): string | null {
  if (!/^[0-9]{1,19}$/.test(digits)) return null;
  const value = BigInt(digits);
  if (value < 1n || value > MAX_BIGINT) return null;
  return value.toString();
}

/** Base64 (standard or URL-safe, padding optional) of a decimal number; strict, so junk is not "decoded". */
function decodeBase64Id(raw: string): string | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) return null;
  const unpadded = raw.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  const standard = unpadded.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Buffer.from(standard, 'base64');
  // Round trip: non-canonical spellings (stray bits in the last character) are refused.
  if (bytes.toString('base64').replace(/=+$/, '') !== standard) return null;
  const text = bytes.toString('latin1');
  return /^[0-9]+$/.test(text) ? canonicalId(text) : null;
}
