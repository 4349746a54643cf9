import type { JsonSchema } from './payload-schema';

type NullableSchema = Extract<JsonSchema, { type: readonly [string, 'null'] }>;

const isNullable = (schema: JsonSchema): schema is NullableSchema => Array.isArray(schema.type);

/**
 * Checks a value against the payload schema subset used in this repo. Consumers call it
 * before applying an event, so a malformed payload is refused (and dead-lettered) instead of
 * corrupting a read model. Returns the problems found, empty when the value conforms.
 */
export function validatePayload(schema: JsonSchema, value: unknown, path = 'data'): string[] {
  if (schema.type === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} must be an object`];
    const record = value as Record<string, unknown>;
    const problems = schema.required.filter((key) => !(key in record)).map((key) => `${path}.${key} is required`);
    for (const key of Object.keys(record)) {
      const property = schema.properties[key];
      if (!property) {
        if (schema.additionalProperties === false) problems.push(`${path}.${key} is not allowed`);
        continue;
      }
      problems.push(...validatePayload(property, record[key], `${path}.${key}`));
    }
    return problems;
  }
  if (schema.type === 'array') {
    if (!Array.isArray(value)) return [`${path} must be an array`];
    return value.flatMap((item, index) => validatePayload(schema.items, item, `${path}[${index}]`));
  }
  if (isNullable(schema)) {
    if (value === null) return [];
    const [type] = schema.type;
    return validateScalar({ ...schema, type } as ScalarSchema, value, path);
  }
  return validateScalar(schema, value, path);
}

type ScalarSchema = Extract<JsonSchema, { type: 'string' | 'integer' | 'number' | 'boolean' }>;

function validateScalar(schema: ScalarSchema, value: unknown, path: string): string[] {
  switch (schema.type) {
    case 'string':
      return validateString(schema, value, path);
    case 'integer':
      if (!Number.isInteger(value)) return [`${path} must be an integer`];
      return validateRange(schema, value as number, path);
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return [`${path} must be a number`];
      return validateRange(schema, value, path);
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${path} must be a boolean`];
    default:
      return [`${path} has an unsupported schema`];
  }
}

function validateRange(schema: { minimum?: number; maximum?: number }, value: number, path: string): string[] {
  if (schema.minimum !== undefined && value < schema.minimum) return [`${path} must be >= ${schema.minimum}`];
  if (schema.maximum !== undefined && value > schema.maximum) return [`${path} must be <= ${schema.maximum}`];
  return [];
}

function validateString(
  schema: { pattern?: string; maxLength?: number; enum?: readonly string[]; format?: string },
  value: unknown,
  path: string,
): string[] {
  if (typeof value !== 'string') return [`${path} must be a string`];
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return [`${path} is longer than ${schema.maxLength}`];
  if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value))
    return [`${path} does not match ${schema.pattern}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${path} must be one of ${schema.enum.join(', ')}`];
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return [`${path} must be a date-time`];
  return [];
}
