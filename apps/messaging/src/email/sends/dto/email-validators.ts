import { ValidateBy, type ValidationOptions } from 'class-validator';
import { CONTROL_CHARACTERS } from '../../shared/email-names';
import { EMAIL_LIMITS, isMimeType, isSafeFilename, isStrictBase64, totalAttachmentBytes } from '../attachment-rules';

const rule = (name: string, validate: (value: unknown) => boolean, message: string, options?: ValidationOptions) =>
  ValidateBy({ name, validator: { validate, defaultMessage: () => message } }, options);

/** One header line: CR or LF would let a caller inject headers, other controls corrupt it. */
export const IsSingleLine = (field: string) =>
  rule(
    'isSingleLine',
    (value) => typeof value === 'string' && !CONTROL_CHARACTERS.test(value),
    `${field} must be a single line without control characters (no CR or LF)`,
  );

export const IsSafeFilename = () =>
  rule(
    'isSafeFilename',
    (value) => typeof value === 'string' && isSafeFilename(value),
    `attachments.filename must be a file name of 1..${EMAIL_LIMITS.filename} characters without "/", "\\" or control characters`,
  );

export const IsMimeType = () =>
  rule(
    'isMimeType',
    (value) => typeof value === 'string' && isMimeType(value),
    'attachments.content_type must be a media type such as application/pdf (type/subtype, no parameters)',
  );

export const IsStrictBase64 = () =>
  rule(
    'isStrictBase64',
    (value) => typeof value === 'string' && isStrictBase64(value),
    'attachments.content must be standard base64 with padding, without line breaks',
  );

export const MaxAttachmentBytes = (max: number) =>
  rule(
    'maxAttachmentBytes',
    (value) => !Array.isArray(value) || totalAttachmentBytes(value) <= max,
    `attachments may hold at most ${max / (1024 * 1024)} MB in total (decoded)`,
  );
