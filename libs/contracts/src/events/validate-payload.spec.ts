import { companyCreatedSchema } from './platform-company.events';
import { validatePayload } from './validate-payload';

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
