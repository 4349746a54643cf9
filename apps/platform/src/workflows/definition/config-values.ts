import { textProblem } from '@suite/http';
import { decodePlainId } from '../../ids/platform-id.codec';
import type { ReferenceKind } from './reference-kinds';

/**
 * Readers for the scalar config value types of the catalogs. Each takes what the client sent
 * (anything: JSON of any shape) and answers the normalised value or one sentence saying what is
 * wrong. They never throw and never walk into what they were given beyond one level.
 */
export type ReadResult<T> = { ok: true; value: T } | { ok: false; message: string };

export const TAG_MAX_LENGTH = 100;
/** Ids other than the platform's numeric ones (messaging's email domain ids are UUIDs). */
const OPAQUE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** C0 and C1 control characters and DEL: invisible in a tag list, and a tag is matched by its text. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const ok = <T>(value: T): ReadResult<T> => ({ ok: true, value });
export const fail = <T = never>(message: string): ReadResult<T> => ({ ok: false, message });

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text that may be stored: no NUL, no lone surrogate. Null when it may. */
export function badTextMessage(text: string): string | null {
  const problem = textProblem(text);
  if (problem === 'nul') return 'must not contain NUL characters.';
  if (problem === 'lone_surrogate') return 'must be well-formed Unicode text (it holds an unpaired surrogate).';
  return null;
}

/** Trimmed text, at most `maxLength`; '' when blank (the caller decides whether blank is allowed). */
export function readText(value: unknown, maxLength: number): ReadResult<string> {
  if (typeof value !== 'string') return fail('must be a string.');
  const bad = badTextMessage(value);
  if (bad) return fail(bad);
  const trimmed = value.trim();
  if (trimmed.length > maxLength) return fail(`must be at most ${maxLength} characters.`);
  return ok(trimmed);
}

/** A contact tag: trimmed, 1..100 characters, no control characters. */
export function readTag(value: unknown, maxLength = TAG_MAX_LENGTH): ReadResult<string> {
  const text = readText(value, maxLength);
  if (!text.ok) return text;
  if (text.value.length === 0) return fail('must not be blank.');
  if (CONTROL_CHARACTERS.test(text.value)) return fail('must not contain control characters.');
  return text;
}

/**
 * A whole number within bounds. Numeric strings (`"30"`) are read too, as forms send them; the
 * result is always a number.
 */
export function readInteger(value: unknown, minimum: number, maximum: number): ReadResult<number> {
  const number = typeof value === 'string' && /^-?[0-9]{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) return fail('must be a whole number.');
  if (number < minimum || number > maximum) return fail(`must be between ${minimum} and ${maximum}.`);
  return ok(number);
}

export function readEnum(value: unknown, options: readonly string[]): ReadResult<string> {
  if (typeof value !== 'string' || !options.includes(value)) return fail(`must be one of: ${options.join(', ')}.`);
  return ok(value);
}

/**
 * A company-specific id. Platform ids (pipelines, stages, lists, users, agents, numbers) arrive
 * as a positive integer, its decimal string or its base64 (`NDI=`), and are stored as the decimal
 * string, the way the API reads them back. Email domains belong to messaging and have opaque ids.
 */
export function readReference(value: unknown, kind: ReferenceKind): ReadResult<string> {
  if (kind === 'email_domain') {
    if (typeof value !== 'string' || !OPAQUE_ID.test(value.trim())) return fail('must be an email domain id.');
    return ok(value.trim());
  }
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  const decoded = typeof text === 'string' ? decodePlainId(text.trim()) : null;
  return decoded === null ? fail(`must be a ${kind.replace('_', ' ')} id.`) : ok(decoded);
}
