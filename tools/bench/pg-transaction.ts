import type { Pool, PoolClient } from 'pg';

/** `work` on one of the pool's connections between `begin` and COMMIT (ROLLBACK when it throws): the baselines' transactions by hand. */
export async function inTransaction<T>(pool: Pool, begin: string, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
