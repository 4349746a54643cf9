import type { Client } from 'pg';

/**
 * BENCH_DRAIN_STATEMENTS=1: the statements PostgreSQL ran during the drain, by total time, per
 * handed-over message — which statement, how often and how dear. Needs pg_stat_statements loaded
 * (embedded server: EMBEDDED_POSTGRES_SETTINGS="shared_preload_libraries=pg_stat_statements");
 * says so and prints nothing otherwise. Figures cover the whole server (the drain runs alone).
 */
export const STATEMENTS_WANTED = process.env.BENCH_DRAIN_STATEMENTS === '1';

/** Creates the view in the drain's database and zeroes the counters; false when the library is not loaded. */
export async function resetStatements(client: Client): Promise<boolean> {
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
    return true;
  } catch (error) {
    console.log(`  statements: pg_stat_statements unavailable (${error instanceof Error ? error.message : String(error)})`);
    return false;
  }
}

export async function printStatements(client: Client, messages: number, top = 25): Promise<void> {
  const { rows } = await client.query<{ calls: number; total_ms: number; mean_ms: number; rows: number; query: string }>(
    `SELECT calls::int, total_exec_time AS total_ms, mean_exec_time AS mean_ms, rows::int, query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT $1`,
    [top],
  );
  const { rows: sums } = await client.query<{ calls: number; total_ms: number }>(
    `SELECT sum(calls)::int AS calls, sum(total_exec_time) AS total_ms
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  const per = (value: number) => (messages > 0 ? value / messages : 0);
  console.log(
    `\n  statements (pg_stat_statements, drain database): ${per(sums[0]?.calls ?? 0).toFixed(1)} per message, ` +
      `${per(sums[0]?.total_ms ?? 0).toFixed(2)} ms executing per message`,
  );
  console.log(`  ${'per msg'.padStart(8)} ${'ms/msg'.padStart(7)} ${'mean ms'.padStart(8)}  statement`);
  for (const row of rows) {
    const text = row.query.replace(/\s+/g, ' ').slice(0, 140);
    console.log(
      `  ${per(row.calls).toFixed(2).padStart(8)} ${per(row.total_ms).toFixed(3).padStart(7)} ${row.mean_ms.toFixed(3).padStart(8)}  ${text}`,
    );
  }
}
