import type { AppName } from '@suite/contracts';

/** The part of JSON Schema the OpenAPI documents use, after `$ref`s are resolved. */
export interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
}

export type Security = 'api-key' | 'bearer' | 'internal-token' | 'none';
export type BodyKind = 'json' | 'form' | 'raw-json';

export interface ParamSpec {
  name: string;
  in: 'path' | 'query';
  schema: Schema;
}

export interface RouteSpec {
  app: AppName;
  method: string;
  /** The OpenAPI template: `/v1/messages/{id}`. */
  path: string;
  params: ParamSpec[];
  body?: { kind: BodyKind; schema: Schema };
  security: Security;
  /** Not in the OpenAPI document on purpose (see UNDOCUMENTED_ROUTES) or served by every app. */
  source: 'openapi' | 'undocumented' | 'core';
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
  security?: Array<Record<string, unknown>>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * Routes every app serves besides its API, outside the OpenAPI documents: probes and the
 * documents themselves. Attacked like the rest (their query strings).
 */
const CORE_ROUTES = ['/health/live', '/health/ready', '/metrics', '/docs-json'];

/**
 * Routes kept out of the OpenAPI documents on purpose, described here so they are attacked all
 * the same: auth's login, company-chooser and consent forms (browser pages, not an API). The every-app spec fails
 * when an app serves a route that is neither documented nor listed here.
 */
/** The authorization request every auth form carries along in hidden fields. */
const AUTHORIZATION_FORM_FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

export const UNDOCUMENTED_ROUTES: ReadonlyArray<Omit<RouteSpec, 'source'>> = [
  {
    app: 'auth',
    method: 'POST',
    path: '/login/oauth/login',
    params: [],
    security: 'none',
    body: {
      kind: 'form',
      schema: formSchema(['csrf_token', 'email', 'password', ...AUTHORIZATION_FORM_FIELDS]),
    },
  },
  {
    app: 'auth',
    method: 'POST',
    path: '/login/oauth/choose',
    params: [],
    security: 'none',
    body: {
      kind: 'form',
      schema: formSchema(['csrf_token', 'user_id', 'decision', ...AUTHORIZATION_FORM_FIELDS]),
    },
  },
  {
    app: 'auth',
    method: 'POST',
    path: '/login/oauth/consent',
    params: [],
    security: 'none',
    body: {
      kind: 'form',
      schema: formSchema(['csrf_token', 'decision', ...AUTHORIZATION_FORM_FIELDS]),
    },
  },
];

function formSchema(fields: string[]): Schema {
  return { type: 'object', properties: Object.fromEntries(fields.map((field) => [field, { type: 'string' }])) };
}

/** Every route of one app: its OpenAPI document's operations, the listed undocumented ones, the core probes. */
export function routesOf(app: AppName, document: OpenApiDocument): RouteSpec[] {
  const resolve = resolver(document);
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const params: ParamSpec[] = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
        .map((parameter) => ({
          name: parameter.name,
          in: parameter.in as 'path' | 'query',
          schema: resolve(parameter.schema ?? { type: 'string' }),
        }));
      routes.push({
        app,
        method: method.toUpperCase(),
        path,
        params,
        body: bodyOf(operation, resolve),
        security: securityOf(operation),
        source: 'openapi',
      });
    }
  }
  for (const route of UNDOCUMENTED_ROUTES.filter((candidate) => candidate.app === app))
    routes.push({ ...route, source: 'undocumented' });
  for (const path of CORE_ROUTES) routes.push({ app, method: 'GET', path, params: [], security: 'none', source: 'core' });
  return routes;
}

function bodyOf(operation: OpenApiOperation, resolve: (schema: Schema) => Schema): RouteSpec['body'] {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  if (content['application/json'])
    return { kind: 'json', schema: resolve(content['application/json'].schema ?? { type: 'object' }) };
  if (content['application/x-www-form-urlencoded'])
    return { kind: 'form', schema: resolve(content['application/x-www-form-urlencoded'].schema ?? { type: 'object' }) };
  const [, other] = Object.entries(content)[0] ?? [];
  return { kind: 'raw-json', schema: resolve(other?.schema ?? { type: 'object' }) };
}

function securityOf(operation: OpenApiOperation): Security {
  const schemes = new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));
  if (schemes.has('internal-token')) return 'internal-token';
  if (schemes.has('api-key')) return 'api-key';
  if (schemes.has('bearer')) return 'bearer';
  return 'none';
}

/** Inlines `$ref`s and `allOf`s (DTOs extend each other), so a schema can be walked without the document. */
function resolver(document: OpenApiDocument): (schema: Schema) => Schema {
  const resolve = (schema: Schema, seen: ReadonlySet<string>): Schema => {
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      if (seen.has(name)) return { type: 'object' };
      return resolve(document.components?.schemas?.[name] ?? { type: 'object' }, new Set([...seen, name]));
    }
    let merged: Schema = { ...schema };
    if (schema.allOf) {
      merged = schema.allOf
        .map((part) => resolve(part, seen))
        .reduce<Schema>(
          (all, part) => ({
            ...all,
            ...part,
            properties: { ...all.properties, ...part.properties },
            required: [...(all.required ?? []), ...(part.required ?? [])],
          }),
          { ...schema, allOf: undefined },
        );
    }
    if (merged.properties)
      merged.properties = Object.fromEntries(
        Object.entries(merged.properties).map(([key, value]) => [key, resolve(value, seen)]),
      );
    if (merged.items) merged.items = resolve(merged.items, seen);
    return merged;
  };
  return (schema) => resolve(schema, new Set());
}
