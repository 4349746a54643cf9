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
