/** An OpenAPI 3.0 schema object, as the documents hold them. */
export type OpenApiSchema = Record<string, unknown>;

/**
 * The JSON Schema (draft-07, for ajv) that says what an OpenAPI 3.0 schema says, read strictly:
 * - `nullable: true` admits null as OpenAPI 3.0.3 defines it, no further: it adds null to the
 *   `type` beside it and nothing else — an `enum` beside it still refuses null unless it lists
 *   null, and `nullable` without a `type` (beside `oneOf`, `$ref`) admits nothing. Validating
 *   clients (Prism, ajv-based SDKs) read it so; a looser reading here let `channel: null` pass
 *   against an enum that refused it (issue 27);
 * - an object that lists its properties is closed (`additionalProperties: false` unless it says
 *   otherwise): a field the document does not show is a field a generated client cannot see;
 * - `#/components/schemas/X` points into `definitionsId`, the document's components as one schema.
 */
export function jsonSchemaOf(schema: OpenApiSchema, definitionsId: string): OpenApiSchema {
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (!isObject(node)) return node;
    const { nullable, ...rest } = node;
    const out: OpenApiSchema = {};
    for (const [key, value] of Object.entries(rest)) {
      if (key === 'properties' && isObject(value)) {
        out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, convert(property)]));
      } else if (key === '$ref' && typeof value === 'string') {
        out.$ref = value.replace('#/components/schemas/', `${definitionsId}#/definitions/`);
      } else if (['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf'].includes(key)) {
        out[key] = convert(value);
      } else {
        out[key] = value;
      }
    }
    if (isObject(out.properties) && out.additionalProperties === undefined && !out.allOf) out.additionalProperties = false;
    if (nullable !== true || !out.type) return out;
    const types = Array.isArray(out.type) ? out.type : [out.type];
    return { ...out, type: [...new Set([...types, 'null'])] };
  };
  return convert(schema) as OpenApiSchema;
}

/** A document's `components.schemas` as one JSON Schema to refer into: `<definitionsId>#/definitions/X`. */
export function definitionsOf(components: Record<string, OpenApiSchema>, definitionsId: string): OpenApiSchema {
  return {
    $id: definitionsId,
    definitions: Object.fromEntries(
      Object.entries(components).map(([name, schema]) => [name, jsonSchemaOf(schema, definitionsId)]),
    ),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
