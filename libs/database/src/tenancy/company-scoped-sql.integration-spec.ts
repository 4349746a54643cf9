import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@suite/testing';
import { CompanyScopedSql } from './company-scoped-sql';

/** Raw SQL bound to one company on PostgreSQL: the company is $1, the caller's values follow. */
let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase('scoped_sql');
  dataSource = await new DataSource({ type: 'postgres', url: database.url }).initialize();
  await dataSource.query('CREATE TABLE scoped_sql_notes (id int PRIMARY KEY, company_id bigint NOT NULL, topic text NOT NULL)');
  await dataSource.query(`INSERT INTO scoped_sql_notes VALUES (1, 1, 'billing'), (2, 1, 'sales'), (3, 2, 'billing')`);
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

const sql = (companyId: string) => CompanyScopedSql.of(dataSource, companyId);

it('binds the company as $1 and the values from $2', async () => {
  const rows = await sql('1').rows<{ id: number }>('SELECT id FROM scoped_sql_notes WHERE company_id = $1 AND topic = $2', [
    'billing',
  ]);
  expect(rows).toEqual([{ id: 1 }]);
  await expect(sql('2').rows('SELECT id FROM scoped_sql_notes WHERE company_id = $1 ORDER BY id')).resolves.toEqual([{ id: 3 }]);
});

it('answers how many rows a write touched, with its RETURNING rows', async () => {
  const result = await sql('1').run<{ id: number }>(
    `UPDATE scoped_sql_notes SET topic = topic || '!' WHERE company_id = $1 AND id = ANY($2::int[]) RETURNING id`,
    [[1, 2, 3]],
  );
  expect(result.affected).toBe(2);
  expect(result.rows.map((row) => row.id).sort()).toEqual([1, 2]);
  const untouched = await dataSource.query('SELECT topic FROM scoped_sql_notes WHERE id = 3');
  expect(untouched).toEqual([{ topic: 'billing' }]);
});

it('runs in the transaction of the manager it was made from', async () => {
  await dataSource
    .transaction(async (manager) => {
      await CompanyScopedSql.of(manager, '2').run('DELETE FROM scoped_sql_notes WHERE company_id = $1');
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await expect(sql('2').rows('SELECT id FROM scoped_sql_notes WHERE company_id = $1')).resolves.toEqual([{ id: 3 }]);
});

it('refuses a statement that does not name the company, and a missing company', async () => {
  await expect(sql('1').rows('SELECT id FROM scoped_sql_notes WHERE id = $10', [])).rejects.toThrow('must narrow to the company');
  expect(() => CompanyScopedSql.of(dataSource, '')).toThrow('needs a company id');
  expect(() => CompanyScopedSql.of(dataSource, undefined as unknown as string)).toThrow('needs a company id');
});
