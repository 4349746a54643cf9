import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { TSchema } from './payload-schema';

/**
 * The one validator of event payloads: ajv, each schema compiled once (on first use) and kept.
 * The options keep what a payload may be exactly what it was under the repo's earlier checker:
 * `maxLength` counts UTF-16 units and patterns run without the `u` flag, as JavaScript's own
 * `.length` and `RegExp` do; `date-time` is what `Date.parse` reads; `uuid` and `email` describe,
 * they do not refuse (producers' ids and addresses were never held to more).
 */
const ajv = new Ajv({
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
  unicodeRegExp: false,
  unicode: false,
  // ajv calls `unicode: false` deprecated on every start; it is the option that keeps `.length`.
  logger: { log: console.log, error: console.error, warn: (...args: unknown[]) => warnUnlessUnicodeNotice(args) },
});
ajv.addFormat('date-time', { type: 'string', validate: (value: string) => !Number.isNaN(Date.parse(value)) });
ajv.addFormat('uuid', true);
ajv.addFormat('email', true);

function warnUnlessUnicodeNotice(args: unknown[]): void {
  if (typeof args[0] === 'string' && args[0].startsWith('DEPRECATED: option unicode')) return;
  console.warn(...args);
}

const compiled = new WeakMap<TSchema, ValidateFunction>();

/** The compiled validator of a schema: compiled the first time it is asked for, then reused. */
export function validatorOf(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * Checks a value against a payload schema. Consumers call it (through `payloadOf`) before
 * applying an event, so a malformed payload is refused (and dead-lettered) instead of corrupting
 * a read model. Returns the problems found, each as `data.<path> …`; empty when the value conforms.
 */
export function validatePayload(schema: TSchema, value: unknown): string[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  return inValueOrder(firstPerValue(validate.errors ?? []), value).map((error) => problemText(error));
}

/** The checks of one value, in the order they are reported: a value gets its first failed one only. */
const VALUE_CHECKS = ['type', 'maxLength', 'pattern', 'enum', 'format', 'minimum', 'maximum'];

/**
 * ajv reports every failed check of a value (mistyped and outside the enum, too long and off its
 * pattern); a problem list names each value once, by the first of VALUE_CHECKS it fails. Missing
 * and unknown keys are each their own problem.
 */
function firstPerValue(errors: readonly ErrorObject[]): ErrorObject[] {
  const firstAt = new Map<string, ErrorObject>();
  const rank = (error: ErrorObject) => VALUE_CHECKS.indexOf(error.keyword);
  for (const error of errors) {
    if (rank(error) < 0) continue;
    const kept = firstAt.get(error.instancePath);
    if (!kept || rank(error) < rank(kept)) firstAt.set(error.instancePath, error);
  }
  return errors.filter((error) => rank(error) < 0 || firstAt.get(error.instancePath) === error);
}

/**
 * The problems in the order a reader walks the value: at each object its missing keys first, then
 * its keys as the value lists them, depth first (ajv's own order follows the schema's keywords).
 */
function inValueOrder(errors: ErrorObject[], value: unknown): ErrorObject[] {
  const placeOf = (error: ErrorObject): number[] => {
    const keys = error.instancePath.split('/').slice(1).map(unescapeKey);
    const unknownKey = error.keyword === 'additionalProperties' ? [String(error.params.additionalProperty)] : [];
    const place: number[] = [];
    let at: unknown = value;
    for (const key of [...keys, ...unknownKey]) {
      place.push(1 + (at !== null && typeof at === 'object' ? Object.keys(at).indexOf(key) : 0));
      at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
    }
    return error.keyword === 'required' ? [...place, 0] : place;
  };
  const compare = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  return errors
    .map((error) => ({ error, place: placeOf(error) }))
    .sort((a, b) => compare(a.place, b.place))
    .map(({ error }) => error);
}

const unescapeKey = (raw: string): string => raw.replace(/~1/g, '/').replace(/~0/g, '~');

const ARTICLES: Readonly<Record<string, string>> = { object: 'an object', array: 'an array', integer: 'an integer' };

/** `/stages/0/id` → `data.stages[0].id`. */
function pathOf(instancePath: string): string {
  const segments = instancePath.split('/').slice(1);
  return segments.map(unescapeKey).reduce((path, key) => (/^[0-9]+$/.test(key) ? `${path}[${key}]` : `${path}.${key}`), 'data');
}

function problemText(error: ErrorObject): string {
  const path = pathOf(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${path}.${String(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${path}.${String(params.additionalProperty)} is not allowed`;
    case 'type': {
      const type =
        [params.type]
          .flat()
          .map(String)
          .find((candidate) => candidate !== 'null') ?? 'null';
      return `${path} must be ${ARTICLES[type] ?? `a ${type}`}`;
    }
    case 'minimum':
      return `${path} must be >= ${String(params.limit)}`;
    case 'maximum':
      return `${path} must be <= ${String(params.limit)}`;
    case 'maxLength':
      return `${path} is longer than ${String(params.limit)}`;
    case 'pattern':
      return `${path} does not match ${String(params.pattern)}`;
    case 'enum':
      return `${path} must be one of ${(params.allowedValues as unknown[]).filter((value) => value !== null).join(', ')}`;
    case 'format':
      return `${path} must be a ${String(params.format)}`;
    default:
      return `${path} ${error.message ?? 'is invalid'}`;
  }
}
