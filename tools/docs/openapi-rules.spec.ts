import type { OpenAPIObject, OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { API_ERROR_REF, API_ERROR_SCHEMA_NAME } from '@suite/http';
import { APP_NAMES, appDocument } from './openapi-documents';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function operationsOf(document: OpenAPIObject): Array<{ name: string; operation: OperationObject }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ name: `${method.toUpperCase()} ${path}`, operation: item[method]! }] : [])),
  );
}

/**
 * What a client generated from `/docs-json` needs from every operation (decision 0026): the
 * success answer with its body, and each error answer in the API's own error body. Whether the
 * apps really answer so is checked on the answers of the integration tests.
 */
describe.each(APP_NAMES)('the %s OpenAPI document', (app) => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    document = await appDocument(app);
  });

  it('declares the API’s error body as ApiError', () => {
    expect(document.components?.schemas?.[API_ERROR_SCHEMA_NAME]).toMatchObject({ type: 'object' });
  });

  it('documents a success answer for every operation, with its body unless it is a 204 or a redirect', () => {
    const problems = operationsOf(document).flatMap(({ name, operation }) => {
      const successes = Object.entries(operation.responses).filter(([status]) => /^[23]\d\d$/.test(status));
      if (successes.length === 0) return [`${name}: no 2xx or 3xx answer`];
      return successes
        .filter(([status, response]) => /^2/.test(status) && status !== '204' && !hasSchema(response as ResponseObject))
        .map(([status]) => `${name} ${status}: no body schema`);
    });
    expect(problems).toEqual([]);
  });

  it('documents every error answer in the API’s error body (an HTML page may stand beside it)', () => {
    const problems = operationsOf(document).flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]/.test(status))
        .filter(([, response]) => !isErrorBodyRef(jsonSchemaRef(response as ResponseObject)))
        .map(([status]) => `${name} ${status}`),
    );
    expect(problems).toEqual([]);
  });

  it('types every field: no property is a bare object (for `string | null` Nest sees Object: give @ApiProperty a `type`)', () => {
    const untyped = Object.entries(document.components?.schemas ?? {}).flatMap(([name, schema]) =>
      Object.entries((schema as SchemaObject).properties ?? {})
        .filter(([, property]) => {
          const field = property as SchemaObject;
          return field.type === 'object' && !field.properties && field.additionalProperties === undefined;
        })
        .map(([property]) => `${name}.${property}`),
    );
    expect(untyped).toEqual([]);
  });

  it('lists null in every nullable enum: OpenAPI 3.0 admits null beside an enum only when the enum lists it', () => {
    const refusingNull: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as SchemaObject;
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) refusingNull.push(at);
      for (const [key, value] of Object.entries(node)) visit(value, `${at}/${key}`);
    };
    visit(document, '#');
    expect(refusingNull).toEqual([]);
  });

  it('declares security on every operation (an empty list on a public one), each requirement once', () => {
    const problems = operationsOf(document).flatMap(({ name, operation }) => {
      if (!operation.security) return [`${name}: no security (public routes say \`security: []\`, @ApiNoCredential)`];
      const requirements = operation.security.map((requirement) => JSON.stringify(requirement));
      return requirements.length === new Set(requirements).size ? [] : [`${name}: ${requirements.join(', ')}`];
    });
    expect(problems).toEqual([]);
  });

  it('documents the errors every route can give: 400 and 500 everywhere, 401 behind a credential', () => {
    const problems = operationsOf(document).flatMap(({ name, operation }) => {
      const statuses = Object.keys(operation.responses);
      const needed = ['400', '500', ...((operation.security ?? []).length > 0 ? ['401'] : [])];
      return needed.filter((status) => !statuses.includes(status)).map((status) => `${name}: no ${status}`);
    });
    expect(problems).toEqual([]);
  });
});

const jsonSchemaRef = (response: ResponseObject): string | undefined =>
  (response.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref;

/**
 * The app's ApiError, or a route's own variant of it named `ApiError…` (the call-history export's
 * 401 in `{error, message, error_description}`, as the spec fixes it for that route).
 */
const isErrorBodyRef = (ref: string | undefined): boolean =>
  ref === API_ERROR_REF || (ref !== undefined && new RegExp(`^${API_ERROR_REF}[A-Z][A-Za-z]+$`).test(ref));

const hasSchema = (response: ResponseObject): boolean =>
  Object.values(response.content ?? {}).some((media) => media.schema !== undefined);
