import { numericIds, referenceProblem, referencesRefused } from './company-references';

const ids = (...pairs: Array<[string, string | null]>) => pairs.map(([sent, id]) => ({ sent, id }));

describe('referenceProblem', () => {
  it('is nothing when every id names a usable row', () => {
    expect(referenceProblem('role_id', { noun: 'a role', ids: ids(['3', '3']) }, new Set(['3']))).toBeUndefined();
  });

  it('names a single field without echoing the id', () => {
    expect(referenceProblem('role_id', { noun: 'a role', ids: ids(['9', '9']) }, new Set())).toEqual({
      field: 'role_id',
      sentence: 'role_id must be a role of the company.',
      detail: 'not a role of the company',
    });
  });

  it('lists the refused ids of an array once each, as sent, undecodable ones included', () => {
    const problem = referenceProblem(
      'ext_phone',
      { noun: 'a phone number', many: true, ids: ids(['11', '11'], ['12', '12'], ['11', '11'], ['enc_x', null]) },
      new Set(['12']),
    );
    expect(problem).toEqual({
      field: 'ext_phone',
      sentence: 'ext_phone must be phone numbers of the company.',
      detail: 'not phone numbers of the company: 11, enc_x',
    });
  });

  it('makes regular plurals', () => {
    const of = (noun: string) => referenceProblem('x', { noun, many: true, ids: ids(['1', '1']) }, new Set())!.detail;
    expect([of('a user'), of('an agent'), of('a list'), of('a box'), of('a match')]).toEqual([
      'not users of the company: 1',
      'not agents of the company: 1',
      'not lists of the company: 1',
      'not boxes of the company: 1',
      'not matches of the company: 1',
    ]);
  });
});

describe('referencesRefused', () => {
  it('is one 422 with a sentence and an entry per failing field', () => {
    const error = referencesRefused([
      { field: 'role_id', sentence: 'role_id must be a role of the company.', detail: 'not a role of the company' },
      {
        field: 'ext_phone',
        sentence: 'ext_phone must be phone numbers of the company.',
        detail: 'not phone numbers of the company: 7',
      },
    ]);
    expect({ status: error.status, message: error.message, fields: error.fields }).toEqual({
      status: 422,
      message: 'role_id must be a role of the company. ext_phone must be phone numbers of the company.',
      fields: { role_id: ['not a role of the company'], ext_phone: ['not phone numbers of the company: 7'] },
    });
  });
});

describe('numericIds', () => {
  it('takes numbers and digit strings as their own spelling', () => {
    expect(numericIds([42, '7'])).toEqual([
      { sent: '42', id: '42' },
      { sent: '7', id: '7' },
    ]);
  });
});
