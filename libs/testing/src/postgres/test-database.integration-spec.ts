import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from './test-database';

async function query<T extends object>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(created.map((db) => db.drop()));
  });

  it('creates distinct databases whose rows do not leak into each other', async () => {
    const a = await createTestDatabase('tdb-a');
    const b = await createTestDatabase('tdb-b');
    created.push(a, b);

    expect(a.name).not.toBe(b.name);
    expect((await query<{ db: string }>(a.url, 'SELECT current_database() AS db'))[0]!.db).toBe(a.name);
    expect((await query<{ db: string }>(b.url, 'SELECT current_database() AS db'))[0]!.db).toBe(b.name);

    await query(a.url, 'CREATE TABLE items (id int PRIMARY KEY)');
    await query(a.url, 'INSERT INTO items VALUES (1)');
    const inB = await query<{ exists: boolean }>(b.url, "SELECT to_regclass('public.items') IS NOT NULL AS exists");
    expect(inB[0]!.exists).toBe(false);
  });

  it('drop() removes the database even with a connection still open', async () => {
    const db = await createTestDatabase('tdb-drop');
    const leaked = new Client({ connectionString: db.url });
    leaked.on('error', () => undefined); // it is about to be terminated
    await leaked.connect();

    await db.drop();
    await db.drop(); // idempotent

    const rows = await query<{ n: string }>(
      process.env.DATABASE_URL!,
      'SELECT count(*) AS n FROM pg_database WHERE datname = $1',
      [db.name],
    );
    expect(rows[0]!.n).toBe('0');
    await leaked.end().catch(() => undefined);
  });

  it('explains what is missing without DATABASE_URL', async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      await expect(createTestDatabase()).rejects.toThrow(/needs DATABASE_URL/);
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });
});
