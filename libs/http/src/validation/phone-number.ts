import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Normalises a phone number given to the API into E.164, or null when it is not one.
 *
 * Accepted: E.164 (`+14155550123`), a 10-digit US number (`4155550123`), and the same with the
 * usual separators (spaces, dashes, dots, parentheses). Also a US number with its leading 1 but
 * no `+` (`14155550123`): a `+` in a query string arrives as a space (`?to=+1415...`), and
 * refusing what the caller plainly meant helps nobody. Validity is libphonenumber's full
 * metadata (`max`), so a number that cannot exist (`+1 555 555 0123`) is refused, not queued.
 */
export function normalizePhone(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  const known = recent.get(input);
  if (known !== undefined) return known;
  const normalised = parseAndValidate(input);
  remember(input, normalised);
  // The validator checks the transformed value again: that second look is then a hit too.
  if (normalised !== null) remember(normalised, normalised);
  return normalised;
}

/**
 * Answers for recently seen inputs. libphonenumber's full validation runs twice per send (the DTO's
 * transform, then its check) and again for every returning contact, a cost on the send path
 * (decision 0016); the answer for a string never changes within a process (the metadata is bundled).
 * Bounded: when full, the oldest half is dropped (a Map iterates in insertion order).
 */
const RECENT_LIMIT = 10_000;
const recent = new Map<string, string | null>();

function remember(input: string, normalised: string | null): void {
  if (recent.size >= RECENT_LIMIT) {
    let drop = RECENT_LIMIT / 2;
    for (const key of recent.keys()) {
      recent.delete(key);
      if (--drop === 0) break;
    }
  }
  recent.set(input, normalised);
}

function parseAndValidate(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  let candidate: string;
  if (/^\+[1-9]\d{6,14}$/.test(compact)) candidate = compact;
  else if (/^\d{10}$/.test(compact)) candidate = `+1${compact}`;
  else if (/^1\d{10}$/.test(compact)) candidate = `+${compact}`;
  else return null;
  const parsed = parsePhoneNumberFromString(candidate);
  return parsed?.isValid() ? parsed.number : null;
}

export const PHONE_FORMS = 'E.164 (+14155550123) or a 10-digit US number (4155550123)';
