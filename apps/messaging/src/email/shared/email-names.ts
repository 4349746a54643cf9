/**
 * The naming rules of email domains and mailboxes, in one place so the request validators,
 * the services and the address builder agree.
 *
 * A domain is an ASCII DNS name (an internationalised one is given in its punycode `xn--` form):
 * at least two labels of 1..63 letters, digits or hyphens (no hyphen at either end), a top-level
 * label that is not all digits, 253 characters at most, compared and stored in lowercase.
 */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const DOMAIN_NAME_MAX = 253;

export function normalizeDomainName(value: string): string {
  return value.trim().toLowerCase();
}

export function isDomainName(name: string): boolean {
  if (name.length === 0 || name.length > DOMAIN_NAME_MAX) return false;
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]!);
}

/**
 * A mailbox's local part, deliberately narrower than RFC 5322's dot-atom so every address we
 * build is plain and unquoted: lowercase letters, digits and `.`, `_`, `+`, `-`; at most 64
 * characters (RFC 5321); no dot at either end and no two dots in a row.
 */
export const LOCAL_PART_MAX = 64;
const LOCAL_PART = /^[a-z0-9_+-]+(?:\.[a-z0-9_+-]+)*$/;

export function normalizeLocalPart(value: string): string {
  return value.trim().toLowerCase();
}

export function isLocalPart(value: string): boolean {
  return value.length > 0 && value.length <= LOCAL_PART_MAX && LOCAL_PART.test(value);
}

/** A display name goes into the From header: one line, no control characters. */
export const DISPLAY_NAME_MAX = 255;
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
