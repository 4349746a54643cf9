import Ajv from 'ajv';
import { jsonSchemaOf, type OpenApiSchema } from './json-schema-of';

/** Whether `value` passes the schema as the contract check reads it. */
const admits = (schema: OpenApiSchema, value: unknown): boolean =>
  new Ajv({ strict: false }).compile(jsonSchemaOf(schema, 'doc:test'))(value);

/** `nullable` read as OpenAPI 3.0.3 defines it, the way validating clients (Prism, ajv-based SDKs) read it. */
describe('jsonSchemaOf: nullable, strictly', () => {
  it('admits null beside a type', () => {
    expect(admits({ type: 'string', nullable: true }, null)).toBe(true);
    expect(admits({ type: 'string' }, null)).toBe(false);
  });

  it('refuses null for a nullable enum that does not list null (a queued message’s `channel: null`)', () => {
    const channel = { type: 'string', enum: ['imessage', 'sms', 'mms'], nullable: true };
    expect(admits(channel, 'sms')).toBe(true);
    expect(admits(channel, null)).toBe(false);
    expect(admits({ ...channel, enum: ['imessage', 'sms', 'mms', null] }, null)).toBe(true);
  });

  it('admits no null through `nullable` without a type beside it (beside oneOf)', () => {
    const id = {
      nullable: true,
      oneOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', minLength: 1 },
      ],
    };
    expect(admits(id, 42)).toBe(true);
    expect(admits(id, null)).toBe(false);
  });

  it('closes objects that list their properties', () => {
    const thing = { type: 'object', properties: { id: { type: 'string' } } };
    expect(admits(thing, { id: 'a' })).toBe(true);
    expect(admits(thing, { id: 'a', secret: 'x' })).toBe(false);
  });
});
