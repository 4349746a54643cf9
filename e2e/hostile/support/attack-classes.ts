import type { ParamSpec, RouteSpec, Schema } from './route-catalog';

/** One request of the attack, ready for the wire: the path and query already encoded as sent. */
export interface HostileRequest {
  route: RouteSpec;
  /** What the request tries, e.g. `body message=nul` or `path id=%C3%28`. */
  attack: string;
  /** The API must answer 4xx (a NUL, a number out of any range, a blank required name); else any non-5xx will do. */
  mustRefuse: boolean;
  method: string;
  /** Path and query exactly as sent (percent-encoding included, possibly malformed on purpose). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Valid values to start from, per route (real ids, so attacks reach past the 404s). */
export interface BaseValues {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Required body fields where white space is a value, not a blank (see Field.blankAllowed). */
  blankAllowed?: string[];
}

export interface AttackContext {
  /** Headers that authenticate a request of this security kind. */
  credentials(route: RouteSpec): Record<string, string>;
  base(route: RouteSpec): BaseValues;
}

/**
 * A JSON number literal that JavaScript cannot hold exactly (9223372036854775807, 1e400): kept
 * as text and spliced into the body, so the server parses exactly these digits.
 */
class RawNumber {
  constructor(readonly literal: string) {}
}

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * What a field is, as far as an attack's verdict depends on it: its schema, and whether the
 * request must carry it. An attack is `refused` when the API must answer 4xx to it; otherwise any
 * answer but a 5xx (or a body out of shape) is fine.
 */
interface Field {
  schema: Schema;
  required: boolean;
  /** White space is a real value here (an inbound text of spaces reaches us from the carrier as it is). */
  blankAllowed?: boolean;
}
interface Attack<T> {
  value: T;
  refused: (field: Field) => boolean;
}

const always = () => true;
/** A type is only wrong against a documented one. */
const typed = (field: Field) => field.schema.type !== undefined;
const never = () => false;
const isNumberField = (field: Field) => field.schema.type === 'integer' || field.schema.type === 'number';
const isRequiredString = (field: Field) => field.required && field.schema.type === 'string';
/** Below the field's minimum (when it has one). */
const belowMinimum = (value: number) => (field: Field) =>
  isNumberField(field) && field.schema.minimum !== undefined && value < field.schema.minimum;
/**
 * A wrong type for a field the request must carry; for an optional one null may mean "leave it
 * out", and a field documented `nullable` gives null a meaning of its own (Assign Chatbot's
 * `agent_id: null` unassigns) — beside its type, or on a branch of its `oneOf` (an id of any
 * spelling: OpenAPI 3.0 admits null only beside a type).
 */
const admitsNull = (schema: Schema): boolean => schema.nullable === true || (schema.oneOf ?? []).some(admitsNull);
const nullRefused = (field: Field) => field.required && !admitsNull(field.schema);

/** Text: no NUL and no lone surrogate enters anywhere; a required string is not blank. */
const STRING_ATTACKS: Record<string, Attack<string>> = {
  nul: { value: '\u0000', refused: always },
  'nul-inside': { value: 'a\u0000b', refused: always },
  'lone-high-surrogate': { value: '\ud800', refused: always },
  'lone-low-surrogate': { value: 'x\udfff', refused: always },
  'cut-emoji': { value: 'emoji \ud83d', refused: always },
  'email-with-surrogate': { value: 'a\ud800@example.com', refused: always },
  blank: { value: '   ', refused: (field) => isRequiredString(field) && !field.blankAllowed },
  empty: { value: '', refused: isRequiredString },
  huge: { value: 'x'.repeat(70_000), refused: never },
  'control-characters': { value: 'a\r\nBcc: x@example.com\u0007', refused: never },
};

/** Numbers: past every column's range, past double precision, fractional, negative. Each number field has a range. */
const NUMBER_ATTACKS: Record<string, Attack<unknown>> = {
  '1e308': { value: 1e308, refused: isNumberField },
  '-1e308': { value: -1e308, refused: isNumberField },
  '1e26': { value: 1e26, refused: isNumberField },
  'int64-max': { value: new RawNumber('9223372036854775807'), refused: isNumberField },
  'int64-min-1': { value: new RawNumber('-9223372036854775809'), refused: isNumberField },
  '1e400': { value: new RawNumber('1e400'), refused: isNumberField },
  '20-digits': { value: new RawNumber('99999999999999999999'), refused: isNumberField },
  '2^53+1': { value: new RawNumber('9007199254740993'), refused: isNumberField },
  fraction: { value: 1.5, refused: (field) => field.schema.type === 'integer' },
  negative: { value: -1, refused: belowMinimum(-1) },
  zero: { value: 0, refused: belowMinimum(0) },
};

/** Values of the wrong type, and containers holding attacks. */
const TYPE_ATTACKS: Record<string, Attack<unknown>> = {
  null: { value: null, refused: nullRefused },
  true: { value: true, refused: (field) => typed(field) && field.schema.type !== 'boolean' },
  object: { value: {}, refused: (field) => typed(field) && field.schema.type !== 'object' },
  array: { value: [], refused: (field) => typed(field) && field.schema.type !== 'array' && field.required },
  'array-of-nul': { value: ['\u0000'], refused: always },
  'array-of-huge-number': {
    value: [new RawNumber('1e400')],
    refused: (field) => field.schema.type !== 'array' || isNumberField({ schema: field.schema.items ?? {}, required: true }),
  },
  'object-with-nul-key': { value: { '\u0000': 1 }, refused: always },
  deep: { value: new RawNumber(deepArray(1400)), refused: always },
};

/** Path parameter values, percent-encoded as sent: no id is any of these, so every one is refused. */
const PATH_ATTACKS: Record<string, string> = {
  nul: '%00',
  'nul-inside': 'a%00b',
  'encoded-surrogate': '%ED%A0%80',
  'bad-utf8': '%C3%28',
  'bare-percent': '%',
  'percent-percent': '%25',
  'over-param-limit': 'x'.repeat(101),
  'very-long': 'x'.repeat(3000),
  '20-digits': '99999999999999999999',
  'int64-max+1': '9223372036854775808',
  negative: '-1',
  zero: '0',
  '1e308': '1e308',
  space: '%20',
  traversal: '..%2F..%2Fetc%2Fpasswd',
  'base64-like': 'NDI=',
  'base64-of-nul': 'AA%3D%3D',
  'encrypted-garbage': `enc_${'A'.repeat(40)}`,
};

/** Query values, percent-encoded as sent; a filter may ignore most of them, never a NUL. */
const QUERY_ATTACKS: Record<string, Attack<string>> = {
  nul: { value: '%00', refused: always },
  'nul-inside': { value: 'a%00b', refused: always },
  'encoded-surrogate': { value: '%ED%A0%80', refused: never },
  'bad-utf8': { value: '%C3%28', refused: never },
  'bare-percent': { value: '%', refused: never },
  '20-digits': { value: '99999999999999999999', refused: isNumberField },
  'int64-max+1': { value: '9223372036854775808', refused: isNumberField },
  '1e308': { value: '1e308', refused: isNumberField },
  negative: { value: '-1', refused: belowMinimum(-1) },
  zero: { value: '0', refused: belowMinimum(0) },
  fraction: { value: '1.5', refused: (field) => field.schema.type === 'integer' },
  nan: { value: 'NaN', refused: isNumberField },
  empty: { value: '', refused: never },
  huge: { value: 'x'.repeat(5000), refused: never },
};

/** Every hostile request for one route: its parameters, its query, its body, whole and field by field. */
export function attacksOn(route: RouteSpec, context: AttackContext): HostileRequest[] {
  const base = context.base(route);
  const pathValues = Object.fromEntries(
    route.params.filter((p) => p.in === 'path').map((p) => [p.name, base.path?.[p.name] ?? sampleParam(p)]),
  );
  const query = base.query ?? {};
  const body = route.body ? (base.body ?? sampleBody(route.body.schema)) : undefined;
  const make: Make = (attack, parts) => {
    const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      parts.path ? parts.path[name]! : encodeURIComponent(pathValues[name]!),
    );
    const search = parts.query ?? encodeQuery(query);
    const headers: Record<string, string> = { ...(parts.noAuth ? {} : context.credentials(route)), ...parts.headers };
    const sentBody = parts.body ?? (body === undefined ? undefined : encodeBody(route, body));
    if (sentBody !== undefined && !headers['content-type']) headers['content-type'] = contentTypeOf(route);
    return {
      route,
      attack,
      mustRefuse: parts.mustRefuse ?? false,
      method: route.method,
      url: `${path}${search ? `?${search}` : ''}`,
      headers,
      body: sentBody,
    };
  };
  const encodedPath = Object.fromEntries(Object.entries(pathValues).map(([name, value]) => [name, encodeURIComponent(value)]));

  const secured = route.security !== 'none';
  const requests: HostileRequest[] = [make('valid base', {}), make('no credentials', { noAuth: true, mustRefuse: secured })];
  for (const param of route.params.filter((p) => p.in === 'path')) {
    for (const [label, value] of Object.entries(PATH_ATTACKS)) {
      requests.push(make(`path ${param.name}=${label}`, { path: { ...encodedPath, [param.name]: value }, mustRefuse: true }));
    }
  }
  for (const param of route.params.filter((p) => p.in === 'query')) {
    const field: Field = { schema: param.schema, required: false };
    for (const [label, attack] of Object.entries(QUERY_ATTACKS)) {
      const search = joinQuery(
        encodeQuery(omit(query, [param.name]) as Record<string, string>),
        `${encodeURIComponent(param.name)}=${attack.value}`,
      );
      requests.push(make(`query ${param.name}=${label}`, { query: search, mustRefuse: attack.refused(field) }));
    }
    requests.push(
      make(`query ${param.name} repeated`, {
        query: joinQuery(encodeQuery(omit(query, [param.name]) as Record<string, string>), `${param.name}=1&${param.name}=2`),
      }),
    );
  }
  // A query nobody documented: with a NUL in its name and in its value.
  requests.push(make('query unknown nul', { query: joinQuery(encodeQuery(query), 'x%00y=%00'), mustRefuse: true }));
  // Credentials that are decoded by our code, not by the HTTP parser: HTTP Basic's form-encoded id and secret.
  // A form that names its client in the body too is refused before the header is decoded: leave those fields out.
  const withoutClientFields =
    route.body?.kind === 'form' && body ? encodeBody(route, omit(body, ['client_id', 'client_secret'])) : undefined;
  for (const [label, pair] of Object.entries({
    nul: 'a%00b:secret',
    'bad-utf8': '%C3%28:x',
    'encoded-surrogate': '%ED%A0%80:x',
    'no-colon': 'x',
  })) {
    const authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    // Refused where the Authorization header is the credential; routes that read another header ignore it.
    requests.push(
      make(`basic credentials ${label}`, {
        headers: { authorization },
        body: withoutClientFields,
        mustRefuse: route.security === 'bearer' || route.body?.kind === 'form',
      }),
    );
  }
  requests.push(
    make('bearer huge', { headers: { authorization: `Bearer ${'x'.repeat(8000)}` }, mustRefuse: route.security === 'bearer' }),
  );
  requests.push(make('api key huge', { headers: { 'x-api-key': 'x'.repeat(8000) }, mustRefuse: route.security === 'api-key' }));
  if (route.body && body !== undefined) requests.push(...bodyAttacks(route, body, make, base.blankAllowed ?? []));
  return requests;
}

type Make = (
  attack: string,
  parts: {
    path?: Record<string, string>;
    query?: string;
    body?: string;
    headers?: Record<string, string>;
    noAuth?: boolean;
    mustRefuse?: boolean;
  },
) => HostileRequest;

function bodyAttacks(route: RouteSpec, body: Record<string, unknown>, make: Make, blankAllowed: string[]): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const whole = (attack: string, text: string, mustRefuse: boolean, headers?: Record<string, string>) =>
    requests.push(make(attack, { body: text, headers, mustRefuse }));
  const schema = route.body!.schema;
  if (route.body!.kind === 'form') {
    for (const field of Object.keys(body)) {
      const info: Field = { schema: schema.properties?.[field] ?? { type: 'string' }, required: false };
      for (const [label, attack] of Object.entries(QUERY_ATTACKS)) {
        const text = joinQuery(encodeQuery(stringFields(omit(body, [field]))), `${encodeURIComponent(field)}=${attack.value}`);
        whole(`form ${field}=${label}`, text, attack.refused(info));
      }
    }
    whole('form as json', JSON.stringify(body), false, { 'content-type': 'application/json' });
    whole('form deep json', deepArray(1400), true, { 'content-type': 'application/json' });
    return requests;
  }
  const hasRequired = (schema.required ?? []).length > 0;
  whole('body deep arrays', `{"x":${deepArray(1400)}}`, true);
  whole('body deep objects', `{"x":${deepObject(4000)}}`, true);
  whole('body is deep arrays', deepArray(1400), true);
  whole('body many values', JSON.stringify({ ...body, x: new Array(60_000).fill(0) }), true);
  whole('body not json', '{"broken":', true);
  whole('body null', 'null', true);
  whole('body string', '"\\u0000"', true);
  whole('body array', '[]', true);
  whole('body empty object', '{}', hasRequired);
  whole('body nul key', JSON.stringify({ ...body, '\u0000': 1 }), true);
  whole('body surrogate key', JSON.stringify({ ...body, '\ud800': 1 }), true);
  const rest = JSON.stringify(body).slice(1);
  whole('body __proto__', `{"__proto__":{"polluted":true}${rest === '}' ? '' : ','}${rest}`, true);
  whole('body as text/plain', JSON.stringify(body), true, { 'content-type': 'text/plain' });
  for (const path of leafPaths(body)) {
    const label = path.join('.');
    const field = { ...fieldAt(schema, path), blankAllowed: blankAllowed.includes(label) };
    for (const [name, attack] of Object.entries({ ...STRING_ATTACKS, ...NUMBER_ATTACKS, ...TYPE_ATTACKS })) {
      whole(`body ${label}=${name}`, encodeJson(withValueAt(body, path, attack.value)), attack.refused(field));
    }
  }
  return requests;
}

/** The schema of the field at `path` and whether its object requires it (array elements are required). */
function fieldAt(schema: Schema, path: Array<string | number>): Field {
  let current: Schema = schema;
  let required = true;
  for (const step of path) {
    if (typeof step === 'number') {
      current = current.items ?? {};
      required = true;
    } else {
      required = (current.required ?? []).includes(step);
      current = current.properties?.[step] ?? {};
    }
  }
  return { schema: current, required };
}

/** Paths to every leaf of the base body, arrays' first element included (`members.0.user_id`). */
function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.length === 0 ? [prefix] : [prefix, ...leafPaths(value[0], [...prefix, 0])];
  if (typeof value === 'object' && value !== null && !(value instanceof RawNumber)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? [prefix] : entries.flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
  }
  return [prefix];
}

function withValueAt(root: Record<string, unknown>, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: Record<string | number, unknown> = Array.isArray(root)
    ? ([...root] as unknown as Record<number, unknown>)
    : { ...root };
  const [head, ...rest] = path;
  copy[head!] = withValueAt(copy[head!] as Record<string, unknown>, rest, value);
  return copy;
}

/** JSON with RawNumbers written as their literal digits. */
function encodeJson(value: unknown): string {
  const literals: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawNumber) {
      literals.push(item.literal);
      return `__raw_${literals.length - 1}__`;
    }
    return item;
  });
  return text.replace(/"__raw_(\d+)__"/g, (_, index: string) => literals[Number(index)]!);
}

function encodeBody(route: RouteSpec, body: Record<string, unknown>): string {
  return route.body!.kind === 'form' ? encodeQuery(stringFields(body)) : encodeJson(body);
}

function contentTypeOf(route: RouteSpec): string {
  return route.body?.kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
}

const omit = (body: Record<string, unknown>, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));

const stringFields = (body: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  );

const encodeQuery = (values: Record<string, string>): string =>
  Object.entries(values)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');

const joinQuery = (...parts: string[]): string => parts.filter(Boolean).join('&');

/** A valid-looking value for a schema: its example, default or first enum value, else one by type and name. */
export function sampleOf(schema: Schema, name = ''): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf(schema.items ?? { type: 'string' }, name)];
    case 'object':
      return sampleBody(schema);
    default:
      return sampleString(schema, name);
  }
}

function sampleBody(schema: Schema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sampleOf(property, key)]));
}

function sampleString(schema: Schema, name: string): string {
  if (schema.format === 'email' || /email/.test(name)) return 'hostile@example.com';
  if (schema.format === 'date-time') return '2031-01-01T00:00:00Z';
  if (/phone|^to$|^from$|number/.test(name)) return '+12125550123';
  if (/url|uri/.test(name)) return 'https://example.com/callback';
  return 'hostile';
}

function sampleParam(param: ParamSpec): string {
  const value = sampleOf(param.schema, param.name);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
