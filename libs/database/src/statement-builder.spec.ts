import type { QueryRunner } from 'typeorm';
import {
  columnList,
  StatementBuilder,
  unnestArrays,
  unnestSql,
  type StatementParams,
  type UnnestColumns,
} from './statement-builder';

interface Row {
  readonly id: string;
  readonly count: number;
}

const ROW_COLUMNS: UnnestColumns<Row> = {
  id: ['uuid', (row) => row.id],
  count: ['int', (row) => row.count],
};

/** A part as an app writes one: it allocates its own parameters and answers its SQL. */
function rowsCte(params: StatementParams<readonly Row[]>): string {
  return `rows AS (SELECT * FROM ${params.unnest('r', ROW_COLUMNS)})`;
}

interface Input {
  readonly tenant: string;
  readonly rows: readonly Row[];
  readonly tags: readonly string[];
}

describe('StatementBuilder', () => {
  it('numbers each part’s parameters after the parts before it, and takes their values from the input in that order', () => {
    const builder = new StatementBuilder<Input>();
    const tenant = builder.param((input) => input.tenant);
    const rows = rowsCte(builder.of((input) => input.rows));
    const tags = builder.of((input) => input.tags).param((list) => [...list]);
    const statement = builder.prepare(
      'spec',
      `WITH ${rows} SELECT ${tenant}::text, r.id FROM rows r WHERE r.count > 0 AND ${tags}::text[] IS NOT NULL AND ${tenant} IS NOT NULL`,
      'lib',
    );

    expect(statement.text).toBe(
      'WITH rows AS (SELECT * FROM unnest($2::uuid[], $3::int[]) AS r(id, count)) ' +
        'SELECT $1::text, r.id FROM rows r WHERE r.count > 0 AND $4::text[] IS NOT NULL AND $1 IS NOT NULL',
    );
    const input: Input = {
      tenant: 't1',
      rows: [
        { id: 'a', count: 1 },
        { id: 'b', count: 2 },
      ],
      tags: ['x'],
    };
    expect(statement.values(input)).toEqual(['t1', ['a', 'b'], [1, 2], ['x']]);
    expect(statement.values({ ...input, rows: [] })).toEqual(['t1', [], [], ['x']]);
  });

  it('builds the same text, and so the same prepared statement name, every time it is defined', () => {
    const define = () => StatementBuilder.define<readonly Row[]>('spec', (params) => `WITH ${rowsCte(params)} SELECT 1`, 'lib');
    expect(define().prepared.name).toBe(define().prepared.name);
    expect(define().text).toBe(define().text);
  });

  it('adds WITH ORDINALITY and its column when asked', () => {
    const statement = StatementBuilder.define<readonly Row[]>(
      'spec',
      (params) => `SELECT id FROM ${params.unnest('r', ROW_COLUMNS, { ordinality: 'ord' })} ORDER BY ord`,
      'lib',
    );
    expect(statement.text).toBe('SELECT id FROM unnest($1::uuid[], $2::int[]) WITH ORDINALITY AS r(id, count, ord) ORDER BY ord');
  });

  it('gives a statement it does not assemble the same relation, its arrays placed from the parameter asked', () => {
    const rows: Row[] = [
      { id: 'a', count: 1 },
      { id: 'b', count: 2 },
    ];
    expect(unnestSql('r', ROW_COLUMNS, { from: 3, ordinality: 'ord' })).toBe(
      'unnest($3::uuid[], $4::int[]) WITH ORDINALITY AS r(id, count, ord)',
    );
    expect(unnestArrays(rows, ROW_COLUMNS)).toEqual([
      ['a', 'b'],
      [1, 2],
    ]);
    expect(unnestArrays([], ROW_COLUMNS)).toEqual([[], []]);
  });

  it('refuses a text that leaves out an allocated parameter or uses one it never allocated', () => {
    const unused = new StatementBuilder<Input>();
    unused.param((input) => input.tenant);
    unused.param((input) => input.tags);
    expect(() => unused.prepare('spec', 'SELECT $1', 'lib')).toThrow(/unused \$2, not allocated none/);

    const unknown = new StatementBuilder<Input>();
    unknown.param((input) => input.tenant);
    expect(() => unknown.prepare('spec', 'SELECT $1, $2', 'lib')).toThrow(/unused none, not allocated \$2/);
  });

  it('allocates nothing once the statement is prepared', () => {
    const builder = new StatementBuilder<Input>();
    const tenant = builder.param((input) => input.tenant);
    builder.prepare('spec', `SELECT ${tenant}`, 'lib');
    expect(() => builder.param((input) => input.tags)).toThrow(/after the statement was prepared/);
  });

  it('runs as the prepared statement, with the values of its input', async () => {
    const statement = StatementBuilder.define<Input>(
      'spec',
      (params) => `SELECT ${params.param((input) => input.tenant)}`,
      'lib',
    );
    const query = jest.fn(async () => ({ rows: [{ tenant: 't1' }], rowCount: 1 }));
    const runner = { connect: async () => ({ query }) } as unknown as QueryRunner;

    await expect(statement.run(runner, { tenant: 't1', rows: [], tags: [] })).resolves.toEqual({
      rows: [{ tenant: 't1' }],
      rowCount: 1,
    });
    expect(query).toHaveBeenCalledWith({ name: statement.prepared.name, text: 'SELECT $1', values: ['t1'] });
  });

  it('lists the columns in their order', () => {
    expect(columnList(ROW_COLUMNS)).toBe('id, count');
  });
});
