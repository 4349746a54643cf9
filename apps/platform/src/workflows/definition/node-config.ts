import type { CatalogEntry, ConfigField } from './catalog/catalog-entry';
import { listed, readConditions, type ValueProblem } from './condition-config';
import { badTextMessage, isPlainObject, readEnum, readInteger, readReference, readTag, readText } from './config-values';
import { isKnownTemplatePath, templatePaths } from './template-renderer';
import { readDuration, readWeeklyTime } from './wait-config';

/** A string field with no max_length of its own still stops somewhere. */
const DEFAULT_TEXT_MAX_LENGTH = 10_000;

/**
 * A node's config checked against its catalog entry: unknown keys refused, required ones
 * present, each value read by its type. The answer holds the normalised config (only catalog
 * keys, so nothing the client invented is stored) and the problems at paths relative to
 * `config` (`.message`, `.conditions[0].value`).
 */
export function readNodeConfig(entry: CatalogEntry, raw: unknown): { config: Record<string, unknown>; problems: ValueProblem[] } {
  const config: Record<string, unknown> = {};
  if (raw === undefined || raw === null) raw = {};
  if (!isPlainObject(raw)) return { config, problems: [{ path: '', message: 'must be an object.' }] };
  const problems: ValueProblem[] = [];
  const known = new Set(entry.config_fields.map((field) => field.key));
  const unknown = Object.keys(raw).filter((key) => !known.has(key));
  if (unknown.length > 0) problems.push({ path: '', message: `has unknown properties: ${listed(unknown)}.` });

  for (const field of entry.config_fields) {
    const value = Object.hasOwn(raw, field.key) ? raw[field.key] : undefined;
    const at = (problem: ValueProblem): ValueProblem => ({ path: `.${field.key}${problem.path}`, message: problem.message });
    if (isAbsent(value)) {
      if (field.required) problems.push(at({ path: '', message: 'is required.' }));
      continue;
    }
    const read = readFieldValue(field, value);
    if ('problems' in read) problems.push(...read.problems.map(at));
    else if (read.value !== undefined) config[field.key] = read.value;
    else if (field.required) problems.push(at({ path: '', message: 'is required.' }));
  }
  problems.push(...crossFieldProblems(entry, config, problems.length === 0));
  return { config, problems };
}

/** Absent, null and blank text all mean "not set" (a form sends an emptied field as ""). */
function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '' && !value.includes('\u0000'));
}

/** `value: undefined` is "set to nothing" (a blank optional string). */
function readFieldValue(field: ConfigField, value: unknown): { value: unknown } | { problems: ValueProblem[] } {
  const single = (result: { ok: true; value: unknown } | { ok: false; message: string }) =>
    result.ok ? { value: result.value } : { problems: [{ path: '', message: result.message }] };
  switch (field.type) {
    case 'string': {
      const text = readText(value, field.max_length ?? DEFAULT_TEXT_MAX_LENGTH);
      return text.ok ? { value: text.value === '' ? undefined : text.value } : single(text);
    }
    case 'template':
      return readTemplate(value, field.max_length ?? DEFAULT_TEXT_MAX_LENGTH);
    case 'integer':
      return single(readInteger(value, field.minimum ?? Number.MIN_SAFE_INTEGER, field.maximum ?? Number.MAX_SAFE_INTEGER));
    case 'enum':
      return single(readEnum(value, field.options ?? []));
    case 'tag':
      return single(readTag(value, field.max_length));
    case 'reference':
      return single(readReference(value, field.reference ?? 'pipeline'));
    case 'duration':
      return readDuration(value);
    case 'weekly_time':
      return readWeeklyTime(value);
    case 'conditions': {
      const read = readConditions(value);
      return read.problems.length > 0 ? { problems: read.problems } : { value: read.conditions };
    }
  }
}

/** Kept as written (spacing is the author's), refused when blank, too long, or naming an unknown field. */
function readTemplate(value: unknown, maxLength: number): { value: string } | { problems: ValueProblem[] } {
  const fail = (message: string) => ({ problems: [{ path: '', message }] });
  if (typeof value !== 'string') return fail('must be a string.');
  const bad = badTextMessage(value);
  if (bad) return fail(bad);
  if (value.trim() === '') return fail('must not be blank.');
  if (value.length > maxLength) return fail(`must be at most ${maxLength} characters.`);
  const unknown = templatePaths(value).filter((path) => !isKnownTemplatePath(path));
  if (unknown.length > 0)
    return { problems: unknown.slice(0, 5).map((path) => ({ path: '', message: `Unknown template field "${path}".` })) };
  return { value };
}

/** Rules between fields of one node: a wait has exactly one of duration and until. */
function crossFieldProblems(entry: CatalogEntry, config: Record<string, unknown>, fieldsValid: boolean): ValueProblem[] {
  if (entry.type !== 'wait' || !fieldsValid) return [];
  const set = ['duration', 'until'].filter((key) => config[key] !== undefined).length;
  return set === 1 ? [] : [{ path: '', message: 'A wait needs exactly one of duration and until.' }];
}
