import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { CompanyScopedRepository } from './company-scoped.repository';
import { crossCompanyRepository, unscopedRepository } from './unscoped-repository';

class UserRow {
  id!: string;
  companyId!: string;
  name!: string;
  deletedAt!: Date | null;
}

class TeamMemberRow {
  teamId!: string;
  userId!: string;
}

/** A TypeORM repository that records what it was asked. */
function fakeSource() {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const record =
    (method: string, answer: unknown = []) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      return answer;
    };
  const repository = {
    find: record('find'),
    findAndCount: record('findAndCount', [[], 0]),
    findBy: record('findBy'),
    findOne: record('findOne', null),
    findOneBy: record('findOneBy', null),
    count: record('count', 0),
    exists: record('exists', false),
    update: record('update', { affected: 2 }),
    delete: record('delete', { affected: 1 }),
    save: record('save'),
    create: (values: object) => Object.assign(new UserRow(), values),
  };
  const source = { getRepository: () => repository } as unknown as EntityManager;
  return { source, calls };
}

describe('CompanyScopedRepository', () => {
  it('ANDs the company with every condition of reads, counts, updates and deletes', async () => {
    const { source, calls } = fakeSource();
    const users = CompanyScopedRepository.of(source, UserRow, '7');
    const lock = { mode: 'pessimistic_write' } as const;

    await users.find();
    await users.find({ where: { deletedAt: IsNull() }, order: { id: 'ASC' }, take: 5 });
    await users.findAndCount({ where: { name: 'Ada' } });
    await users.findBy([{ name: 'Ada' }, { name: 'Grace' }]);
    await users.findOne({ where: { id: '1' }, lock });
    await users.findOneBy({ id: '1' });
    await users.count({ where: { deletedAt: IsNull() } });
    await users.exists({ where: [] });
    await expect(users.update({ id: '1' }, { name: 'B' })).resolves.toBe(2);
    await expect(users.delete({ id: '1' })).resolves.toBe(1);

    expect(calls).toEqual([
      { method: 'find', args: [{ where: { companyId: '7' } }] },
      { method: 'find', args: [{ where: { deletedAt: IsNull(), companyId: '7' }, order: { id: 'ASC' }, take: 5 }] },
      { method: 'findAndCount', args: [{ where: { name: 'Ada', companyId: '7' } }] },
      {
        method: 'findBy',
        args: [
          [
            { name: 'Ada', companyId: '7' },
            { name: 'Grace', companyId: '7' },
          ],
        ],
      },
      { method: 'findOne', args: [{ where: { id: '1', companyId: '7' }, lock }] },
      { method: 'findOneBy', args: [{ id: '1', companyId: '7' }] },
      { method: 'count', args: [{ where: { deletedAt: IsNull(), companyId: '7' } }] },
      { method: 'exists', args: [{ where: { companyId: '7' } }] },
      { method: 'update', args: [{ id: '1', companyId: '7' }, { name: 'B' }] },
      { method: 'delete', args: [{ id: '1', companyId: '7' }] },
    ]);
  });

  it('keeps its company even when a condition slipped another one in through a cast', async () => {
    const { source, calls } = fakeSource();
    await CompanyScopedRepository.of(source, UserRow, '7').find({ where: { companyId: '8' } as object });
    expect(calls[0]!.args).toEqual([{ where: { companyId: '7' } }]);
  });

  it('creates rows of its company and refuses to save a row of another', async () => {
    const { source, calls } = fakeSource();
    const users = CompanyScopedRepository.of(source, UserRow, '7');
    const row = users.create({ name: 'Ada' });
    expect(row).toMatchObject({ name: 'Ada', companyId: '7' });
    await users.save(row);
    await expect(users.save(Object.assign(new UserRow(), { companyId: '8' }))).rejects.toThrow(
      'a row of company 8 cannot be saved through the repository of company 7',
    );
    expect(calls.map((call) => call.method)).toEqual(['save']);
  });

  it('refuses an update or delete narrowed by nothing but the company (TypeORM refuses empty criteria)', async () => {
    const users = CompanyScopedRepository.of(fakeSource().source, UserRow, '7');
    await expect(users.update({}, { name: 'x' })).rejects.toThrow('update needs a condition besides the company');
    await expect(users.delete({})).rejects.toThrow('delete needs a condition besides the company');
  });

  it('cannot be made with a blank company id, whatever a cast let through', () => {
    const { source } = fakeSource();
    expect(() => CompanyScopedRepository.of(source, UserRow, '')).toThrow('needs a company id');
    expect(() => CompanyScopedRepository.of(source, UserRow, undefined as unknown as string)).toThrow('needs a company id');
  });
});

describe('tenant scoping by type (checked by the compiler; these bodies never run)', () => {
  const never = (): void => undefined;

  it('does not compile a query on tenant data without the company id', () => {
    const check = (source: DataSource, manager: EntityManager, companyId: string | undefined) => {
      // @ts-expect-error -- no company id, no repository
      CompanyScopedRepository.of(manager, UserRow);
      // @ts-expect-error -- a company id that may be missing is no company id
      CompanyScopedRepository.of(manager, UserRow, companyId);
      // @ts-expect-error -- the constructor is private: only `of`, with its company id
      new CompanyScopedRepository(source.getRepository(UserRow), '1');
      // @ts-expect-error -- a table without a company id is no tenant table
      CompanyScopedRepository.of(manager, TeamMemberRow, '1');

      const users = CompanyScopedRepository.of(manager, UserRow, '1');
      // @ts-expect-error -- the company cannot be named in a condition (nor another one chosen)
      users.find({ where: { companyId: '2' } });
      // @ts-expect-error -- nor in a findOne
      users.findOne({ where: { id: '1', companyId: '2' } });
      // @ts-expect-error -- nor moved by an update
      users.update({ id: '1' }, { companyId: '2' });
      // @ts-expect-error -- nor given to a new row
      users.create({ name: 'x', companyId: '2' });

      // @ts-expect-error -- tenant data never goes through the unscoped repository
      unscopedRepository(manager, UserRow);
      unscopedRepository(manager, TeamMemberRow);
      // The deliberate exception is named, and takes only tenant tables.
      crossCompanyRepository(manager, UserRow);
      // @ts-expect-error -- a table without a company id needs no exception
      crossCompanyRepository(manager, TeamMemberRow);
    };
    expect(check).toBeDefined();
    never();
  });
});
