import { Column, DataSource, Entity, In, IsNull, PrimaryColumn, PrimaryGeneratedColumn, type EntityManager } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@suite/testing';
import { CompanyScopedRepository } from './company-scoped.repository';
import { SnakeNamingStrategy } from '../typeorm/snake-naming.strategy';

@Entity({ name: 'scoped_notes' })
class NoteEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar' })
  topic!: string;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** A row keyed by its own key (upserts). */
@Entity({ name: 'scoped_tallies' })
class TallyEntity {
  @PrimaryColumn({ type: 'varchar' })
  key!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'int' })
  count!: number;
}

/**
 * The scoped repository on PostgreSQL: two companies' rows side by side, and every operation of
 * one company's repository sees, counts, changes and deletes only that company's.
 */
let database: TestDatabase;
let dataSource: DataSource;
const ids: Record<'a1' | 'a2' | 'b1', string> = { a1: '', a2: '', b1: '' };

beforeAll(async () => {
  database = await createTestDatabase('scoped_repository');
  dataSource = await new DataSource({
    type: 'postgres',
    url: database.url,
    entities: [NoteEntity, TallyEntity],
    namingStrategy: new SnakeNamingStrategy(),
  }).initialize();
  // The suite's tables come from committed migrations, never from synchronize; this spec's one
  // table is written out the same way.
  await dataSource.query(
    `CREATE TABLE scoped_notes (
       id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       company_id bigint NOT NULL,
       topic varchar NOT NULL,
       deleted_at timestamptz
     )`,
  );
  await dataSource.query('CREATE TABLE scoped_tallies (key varchar PRIMARY KEY, company_id bigint NOT NULL, count int NOT NULL)');
  const insert = async (companyId: string, topic: string, deletedAt: Date | null = null) =>
    (await dataSource.getRepository(NoteEntity).save({ companyId, topic, deletedAt })).id;
  ids.a1 = await insert('1', 'billing');
  ids.a2 = await insert('1', 'billing');
  await insert('1', 'sales', new Date());
  ids.b1 = await insert('2', 'billing');
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

const notes = (companyId: string, source: DataSource | EntityManager = dataSource) =>
  CompanyScopedRepository.of(source, NoteEntity, companyId);

it("reads and counts only the company's rows", async () => {
  await expect(notes('1').count()).resolves.toBe(3);
  await expect(notes('1').findOneBy({ id: ids.b1 })).resolves.toBeNull();
  await expect(notes('2').findBy({ topic: 'billing' })).resolves.toEqual([expect.objectContaining({ id: ids.b1 })]);
  await expect(notes('1').findAndCount({ where: [{ topic: 'sales' }, { id: ids.b1 }] })).resolves.toEqual([
    [expect.objectContaining({ topic: 'sales', companyId: '1' })],
    1,
  ]);
});

it('groups counts within the company, with find operators', async () => {
  await expect(notes('1').countPer('topic', { deletedAt: IsNull() })).resolves.toEqual(new Map([['billing', 2]]));
  await expect(notes('1').countPer('topic')).resolves.toEqual(
    new Map([
      ['billing', 2],
      ['sales', 1],
    ]),
  );
  await expect(notes('3').countPer('topic')).resolves.toEqual(new Map());
});

it("selects the company's rows only, even when a later where() replaces the caller's conditions", async () => {
  const grouped = await notes('1')
    .rowsOf('n')
    .select('n.topic', 'topic')
    .addSelect('COUNT(*)::int', 'count')
    .groupBy('n.topic')
    .orderBy('n.topic')
    .getRawMany();
  expect(grouped).toEqual([
    { topic: 'billing', count: 2 },
    { topic: 'sales', count: 1 },
  ]);
  // where() replaces earlier conditions in TypeORM: the company is not one of them.
  const widened = await notes('2').rowsOf('n').select('n.id::text', 'id').where('1 = 1').getRawMany();
  expect(widened).toEqual([{ id: ids.b1 }]);
  const [sql, parameters] = notes('2').rowsOf('n').select('n.id').getQueryAndParameters();
  expect(sql).toContain('company_id');
  expect(parameters).toEqual(['2']);
  expect(() => notes('1').rowsOf('N; DROP')).toThrow(/alias/);
});

it("maps the company's rows to entities, and no later where() or orWhere() reaches another company's", async () => {
  const billing = await notes('1')
    .entitiesOf('n')
    .where('n.topic = :topic', { topic: 'billing' })
    .orderBy('n.id', 'DESC')
    .getMany();
  expect(billing.map((note) => note.id)).toEqual([ids.a2, ids.a1]);
  expect(billing[0]).toBeInstanceOf(NoteEntity);
  expect(billing[0]).toMatchObject({ companyId: '1', topic: 'billing', deletedAt: null });
  // A property name in a condition, a raw expression in the order, a limit: as TypeORM's own builder.
  const [latest] = await notes('1')
    .entitiesOf('n')
    .where('n.deletedAt IS NOT NULL')
    .orderBy('COALESCE(deleted_at, now())', 'DESC')
    .limit(1)
    .getMany();
  expect(latest).toMatchObject({ topic: 'sales' });
  // where() replaces earlier conditions in TypeORM, orWhere() widens them: the company is neither.
  const widened = await notes('2').entitiesOf('n').where('1 = 1').orWhere('n.id = :id', { id: ids.a1 }).getMany();
  expect(widened.map((note) => note.id)).toEqual([ids.b1]);
  await expect(notes('2').entitiesOf('n').getCount()).resolves.toBe(1);
  const [sql, parameters] = notes('2').entitiesOf('n').getQueryAndParameters();
  expect(sql).toContain('FROM (SELECT * FROM "scoped_notes" "scoped" WHERE "scoped"."company_id" = $1) "n"');
  expect(parameters).toEqual(['2']);
  expect(() => notes('1').entitiesOf('N; DROP')).toThrow(/alias/);
});

it('inserts new rows and skips those breaking a unique key, without aborting the transaction', async () => {
  await dataSource.query('CREATE UNIQUE INDEX scoped_notes_topic_uq ON scoped_notes (company_id, topic) WHERE company_id = 4');
  await dataSource.transaction(async (manager) => {
    const repository = notes('4', manager);
    await repository.save(repository.create({ topic: 'kept' }));
    const clash = repository.create({ topic: 'kept' });
    await expect(repository.insertIgnoringExisting([clash, repository.create({ topic: 'new' })])).resolves.toBe(1);
    await expect(repository.insertIgnoringExisting([])).resolves.toBe(0);
    expect((await repository.find({ order: { id: 'ASC' } })).map((note) => note.topic)).toEqual(['kept', 'new']);
    const foreign = notes('5', manager).create({ topic: 'x' });
    await expect(repository.insertIgnoringExisting([foreign])).rejects.toThrow(/company 5/);
  });
});

it("updates and deletes nothing of another company's, even by id", async () => {
  await expect(notes('1').update({ id: ids.b1 }, { topic: 'stolen' })).resolves.toBe(0);
  await expect(notes('1').delete({ id: ids.b1 })).resolves.toBe(0);
  await expect(notes('2').findOneBy({ id: ids.b1 })).resolves.toMatchObject({ topic: 'billing' });
});

it('updates and answers the changed rows of the company only (UPDATE … RETURNING), with named parameters', async () => {
  const changed = await notes('1').updateReturning(
    { id: In([ids.a1, ids.b1]) },
    { topic: () => 'topic || :suffix' },
    ['id', 'topic'],
    { suffix: '-archived' },
  );
  expect(changed).toEqual([{ id: ids.a1, topic: 'billing-archived' }]);
  await expect(notes('2').findOneBy({ id: ids.b1 })).resolves.toMatchObject({ topic: 'billing' });
  await notes('1').update({ id: ids.a1 }, { topic: 'billing' });
});

it('locks rows inside a transaction as TypeORM does', async () => {
  await dataSource.transaction(async (manager) => {
    const row = await notes('1', manager).findOne({ where: { id: ids.a1 }, lock: { mode: 'pessimistic_write' } });
    expect(row?.id).toBe(ids.a1);
    // Another connection cannot take the same row lock while this transaction holds it.
    const probe = await dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM scoped_notes WHERE id = $1 FOR UPDATE SKIP LOCKED) locked`,
      [ids.a1],
    );
    expect(probe[0].n).toBe(0);
    await notes('1', manager).save(Object.assign(row!, { topic: 'renamed' }));
  });
  await expect(notes('1').findOneBy({ id: ids.a1 })).resolves.toMatchObject({ topic: 'renamed' });
});

it('locks rows by id as find reads them: the company only, once each, in id order', async () => {
  await dataSource.transaction(async (manager) => {
    const locked = await notes('1', manager).lockByIds([ids.a2, ids.b1, ids.a1, ids.a2]);
    const found = await notes('1', manager).find({ where: { id: In([ids.a1, ids.a2]) }, order: { id: 'ASC' } });
    expect(locked).toEqual(found);
    expect(locked.map((note) => note.id)).toEqual([ids.a1, ids.a2]);
    expect(locked[0]).toBeInstanceOf(NoteEntity);
    const probe = await dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM scoped_notes WHERE id = ANY($1) FOR UPDATE SKIP LOCKED) locked`,
      [[ids.a1, ids.a2, ids.b1]],
    );
    // a1 and a2 held by this transaction; b1 (another company's) was never locked.
    expect(probe[0].n).toBe(1);
  });
  await expect(notes('1').lockByIds([])).resolves.toEqual([]);
});

it('locks by id the live rows only, or skips the rows another transaction holds, on request', async () => {
  const [{ id: deleted }] = await dataSource.query(`SELECT id::text AS id FROM scoped_notes WHERE topic = 'sales'`);
  await dataSource.transaction(async (manager) => {
    const all = await notes('1', manager).lockByIds([deleted, ids.a1]);
    expect(all.map((note) => [note.id, note.deletedAt instanceof Date])).toEqual([
      [ids.a1, false],
      [deleted, true],
    ]);
    expect((await notes('1', manager).lockByIds([deleted, ids.a1], { live: true })).map((note) => note.id)).toEqual([ids.a1]);
  });
  const holder = dataSource.createQueryRunner();
  await holder.startTransaction();
  try {
    await holder.query('SELECT 1 FROM scoped_notes WHERE id = $1 FOR UPDATE', [ids.a1]);
    await dataSource.transaction(async (manager) => {
      const free = await notes('1', manager).lockByIds([ids.a1, ids.a2], { skipLocked: true });
      expect(free.map((note) => note.id)).toEqual([ids.a2]);
    });
  } finally {
    await holder.rollbackTransaction();
    await holder.release();
  }
});

it('upserts rows of the company: inserts, overwrites the named columns on conflict, refuses another company’s row', async () => {
  const tallies = CompanyScopedRepository.of(dataSource, TallyEntity, '1');
  await tallies.upsert([tallies.create({ key: 'k1', count: 1 }), tallies.create({ key: 'k2', count: 2 })], ['key'], ['count']);
  await tallies.upsert([tallies.create({ key: 'k1', count: 10 })], ['key'], ['count']);
  await expect(tallies.find({ order: { key: 'ASC' } })).resolves.toEqual([
    { key: 'k1', companyId: '1', count: 10 },
    { key: 'k2', companyId: '1', count: 2 },
  ]);
  const foreign = Object.assign(new TallyEntity(), { key: 'k3', companyId: '2', count: 3 });
  await expect(tallies.upsert([foreign], ['key'], ['count'])).rejects.toThrow(/company 2/);
  await expect(tallies.upsert([tallies.create({ key: 'k1', count: 1 })], ['key'], ['companyId'])).rejects.toThrow(
    /never overwritten/,
  );
  await expect(tallies.count()).resolves.toBe(2);
});
