import { companyCreatedSchema } from './platform-company.events';
import { EVENT_DEFINITIONS, EVENT_TYPES } from './event-map';
import { contactOptChangeSchema } from './messaging-contact.events';
import { nullable, payload, stringEnum } from './payload-schema';
import { validatePayload, validatorOf } from './validate-payload';

describe('validatePayload', () => {
  const valid = { id: '12', name: 'Acme', parent_company_id: null };

  it('accepts a conforming payload, with or without the nullable parent', () => {
    expect(validatePayload(companyCreatedSchema, valid)).toEqual([]);
    expect(validatePayload(companyCreatedSchema, { ...valid, parent_company_id: '3' })).toEqual([]);
  });

  it.each([
    ['not an object', 'x', ['data must be an object']],
    ['a missing field', { id: '12', name: 'Acme' }, ['data.parent_company_id is required']],
    ['an unknown field', { ...valid, extra: 1 }, ['data.extra is not allowed']],
    ['a non-numeric id', { ...valid, id: 'abc' }, ['data.id does not match ^[0-9]+$']],
    ['a wrong type', { ...valid, name: 5 }, ['data.name must be a string']],
    ['a too long name', { ...valid, name: 'x'.repeat(256) }, ['data.name is longer than 255']],
    ['a wrong nullable', { ...valid, parent_company_id: 7 }, ['data.parent_company_id must be a string']],
  ])('refuses %s', (_label, payload, problems) => {
    expect(validatePayload(companyCreatedSchema, payload)).toEqual(problems);
  });
});

describe('validatePayload on every event contract (ajv)', () => {
  it('compiles each schema once, in strict mode, and reuses it', () => {
    for (const type of EVENT_TYPES) {
      const { schema } = EVENT_DEFINITIONS[type];
      expect(validatorOf(schema)).toBe(validatorOf(schema));
    }
  });

  it('takes null for a nullable choice, and refuses a value outside it once, not also as mistyped', () => {
    const schema = payload({ sentiment: nullable(stringEnum(['Positive', 'Negative'])) });
    expect(validatePayload(schema, { sentiment: null })).toEqual([]);
    expect(validatePayload(schema, { sentiment: 'Positive' })).toEqual([]);
    expect(validatePayload(schema, { sentiment: 'Happy' })).toEqual(['data.sentiment must be one of Positive, Negative']);
    expect(validatePayload(schema, { sentiment: 3 })).toEqual(['data.sentiment must be a string']);
  });

  it('counts a length in UTF-16 units and reads a date-time as Date.parse does', () => {
    const company = { id: '12', name: '😀'.repeat(127), parent_company_id: null };
    expect(validatePayload(companyCreatedSchema, company)).toEqual([]);
    expect(validatePayload(companyCreatedSchema, { ...company, name: '😀'.repeat(128) })).toEqual([
      'data.name is longer than 255',
    ]);
    const optOut = { company_id: '42', phone: '+14155550100', keyword: 'STOP', at: '2026-11-24' };
    expect(validatePayload(contactOptChangeSchema, optOut)).toEqual([]);
    expect(validatePayload(contactOptChangeSchema, { ...optOut, at: 'yesterday' })).toEqual(['data.at must be a date-time']);
  });

  it('names each problem once, by its path, in the order of the value', () => {
    const pipeline = { id: '1', company_id: '2', stages: [{ sorting_order: 0, id: 'x', stage_name: 'New' }], extra: true };
    expect(validatePayload(EVENT_DEFINITIONS['pipeline.created'].schema, pipeline)).toEqual([
      'data.name is required',
      'data.stages[0].sorting_order must be >= 1',
      'data.stages[0].id does not match ^[0-9]+$',
      'data.extra is not allowed',
    ]);
  });
});
