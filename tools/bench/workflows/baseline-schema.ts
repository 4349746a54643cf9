import type { Client } from 'pg';

/** The baseline's own schema: its writes never meet the platform's rows, and the platform's relay never sees its outbox. */
export const BASELINE_SCHEMA = 'bench_wf_baseline';

const TABLES = ['contacts', 'workflow_runs', 'workflow_run_steps', 'outbox'];

/**
 * Copies of the platform's tables the baseline writes (columns, defaults, identities and indexes:
 * LIKE … INCLUDING ALL), so its inserts pay for the same indexes. Dropped with the bench's database.
 */
export async function createBaselineSchema(client: Client, platformSchema: string): Promise<void> {
  await client.query(`CREATE SCHEMA ${BASELINE_SCHEMA}`);
  for (const table of TABLES)
    await client.query(`CREATE TABLE ${BASELINE_SCHEMA}.${table} (LIKE ${platformSchema}.${table} INCLUDING ALL)`);
}
