import type { Principal } from '../principal';
import { FakeReplicaReader } from '../testing/fake-replica-reader';
import { CompanyScope } from './company-scope.service';

/**
 * Companies: 10 is an agency with children 11 and 12; 20 is a stranger; 11 has a child 111
 * (grandchild of 10). The principal belongs to the agency 10 or to its child 11.
 */
function setup() {
  const reader = new FakeReplicaReader();
  for (const [id, parent] of [
    ['10', null],
    ['11', '10'],
    ['12', '10'],
    ['111', '11'],
    ['20', null],
  ] as const) {
    reader.companies.set(id, { id, parentCompanyId: parent });
  }
  return { sut: new CompanyScope(reader), mocks: { reader } };
}

const of = (companyId: string): Principal => ({ via: 'access_token', companyId, userId: '1', scopes: ['*'], credentialId: 'j' });

describe('CompanyScope.resolve', () => {
  it.each([
    ['no company requested → own', '10', undefined, '10'],
    ['own company', '10', '10', '10'],
    ['own company as a number', '10', 10, '10'],
    ['a child of the agency', '10', '11', '11'],
    ['another child of the agency', '10', 12, '12'],
  ])('%s', async (_label, own, requested, expected) => {
    const { sut } = setup();
    await expect(sut.resolve(of(own), requested)).resolves.toBe(expected);
  });

  it.each([
    ['a sibling', '11', '12'],
    ['the parent agency', '11', '10'],
    ['a grandchild', '10', '111'],
    ['a stranger', '10', '20'],
    ['an unknown company', '10', '999'],
    ['a non-numeric id', '10', 'abc'],
  ])('refuses %s with 404, never 403', async (_label, own, requested) => {
    const { sut } = setup();
    await expect(sut.resolve(of(own), requested)).rejects.toMatchObject({ kind: 'not_found', message: 'Company not found.' });
  });

  it('asks the replica nothing for the own company', async () => {
    const { sut, mocks } = setup();
    await sut.resolve(of('10'), '10');
    await sut.resolve(of('10'));
    expect(mocks.reader.lookups).toBe(0);
  });
});

describe('CompanyScope.assertOwned', () => {
  it('passes for rows of the own company and of a child, 404 for anything else', async () => {
    const { sut } = setup();
    await expect(sut.assertOwned(of('10'), '10')).resolves.toBeUndefined();
    await expect(sut.assertOwned(of('10'), '11')).resolves.toBeUndefined();
    await expect(sut.assertOwned(of('11'), '12', 'User')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'User not found.',
    });
    await expect(sut.assertOwned(of('10'), '20')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(sut.assertOwned(of('10'), null)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
