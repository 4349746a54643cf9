import { CONTROL_CHARACTERS } from '../shared/email-names';

/** Limits of an email send request (docs/decisions/0013-conversational-email.md). */
export const EMAIL_LIMITS = {
  attachments: 10,
  /** Sum of the decoded attachment bytes of one send. */
  attachmentBytes: 10 * 1024 * 1024,
  filename: 255,
  contentType: 255,
  subject: 998,
  /** Characters of the plain-text body. */
  text: 1_000_000,
  requestKey: 255,
} as const;

/**
 * A file name as the recipient's mail client will save it: no directory part (`/` or `\`), no
 * control characters (they would break the MIME header), not `.` or `..`, not blank.
 */
export function isSafeFilename(value: string): boolean {
  if (value.trim().length === 0 || value.length > EMAIL_LIMITS.filename) return false;
  if (value === '.' || value === '..') return false;
  return !/[/\\]/.test(value) && !CONTROL_CHARACTERS.test(value);
}

/** `type/subtype` (RFC 6838 restricted names), no parameters. */
const RESTRICTED_NAME = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
const MIME_TYPE = new RegExp(`^${RESTRICTED_NAME}/${RESTRICTED_NAME}$`);

export function isMimeType(value: string): boolean {
  return value.length <= EMAIL_LIMITS.contentType && MIME_TYPE.test(value);
}

/** Standard base64 (RFC 4648 §4) with padding, no line breaks or whitespace; empty is a 0-byte file. */
// A flat character class with a length check: a grouped `(?:....)*` recurses per group in V8
// and overflows the stack on a 13 MB attachment.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isStrictBase64(value: string): boolean {
  return value.length % 4 === 0 && BASE64.test(value);
}

/** Bytes a strict base64 string decodes to, without decoding it. */
export function decodedBase64Length(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

/** Decoded bytes of every attachment whose content is strict base64 (others fail their own rule). */
export function totalAttachmentBytes(attachments: ReadonlyArray<{ content?: unknown }>): number {
  let total = 0;
  for (const attachment of attachments) {
    const content = attachment?.content;
    if (typeof content === 'string' && isStrictBase64(content)) total += decodedBase64Length(content);
  }
  return total;
}
