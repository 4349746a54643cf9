import {
  Type,
  type ObjectOptions,
  type Static,
  type StringOptions,
  type TObject,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';

/**
 * The builders every event payload is written with: TypeBox, so one schema is both the JSON
 * Schema that ajv validates and docs/asyncapi.yaml embeds, and the TypeScript type
 * (`Static<typeof schema>`) producers and consumers compile against (decision 0055).
 */
export { Type, type Static, type TObject, type TProperties, type TSchema };

/** An event payload: exactly these properties, no other; each one required unless wrapped in `Type.Optional`. */
export const payload = <P extends TProperties>(properties: P, options?: ObjectOptions): TObject<P> =>
  Type.Object(properties, { ...options, additionalProperties: false });

/** The JSON keys of a TypeBox schema, without its symbol-keyed bookkeeping. */
const jsonKeys = (schema: TSchema): Record<string, unknown> => Object.fromEntries(Object.entries(schema));

/**
 * `T | null`, written as a JSON Schema type list (`["string", "null"]`) rather than `anyOf`, so the
 * AsyncAPI document reads as one type. An `enum` gains `null`, or a standard validator refuses it.
 */
export function nullable<S extends TSchema>(schema: S): TUnsafe<Static<S> | null> {
  const { type, enum: values, ...rest } = jsonKeys(schema);
  if (typeof type !== 'string') throw new Error('nullable() takes a schema of one JSON type');
  const withNull = Array.isArray(values) ? { enum: [...(values as unknown[]), null] } : {};
  return Type.Unsafe<Static<S> | null>({ type: [type, 'null'], ...rest, ...withNull });
}

/** One of `values`, as JSON Schema's `enum` (TypeBox's own would be an `anyOf` of constants). */
export const stringEnum = <const V extends readonly string[]>(values: V, options?: StringOptions): TUnsafe<V[number]> =>
  Type.Unsafe<V[number]>({ type: 'string', enum: values, ...options });

/** An object whose keys the customer chooses (custom fields): any keys, any JSON values. */
export const freeFormObject = (description: string): TUnsafe<Record<string, unknown>> =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', properties: {}, required: [], additionalProperties: true, description });

/** A schema whose JSON stays as written but whose TypeScript type is narrower (e.g. `Permission[]` for strings). */
export const typedAs = <T>(schema: TSchema): TUnsafe<T> => Type.Unsafe<T>(jsonKeys(schema));

/** A schema as plain JSON (TypeBox's symbol-keyed bookkeeping left out): what documents embed. */
export const asJsonSchema = (schema: TSchema): Record<string, unknown> =>
  JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
