import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { quoteIdentifier } from '../sql-identifier';

/**
 * The app's schema must exist before TypeORM can create its migrations table in it.
 * Creating it is idempotent and needs no migration of its own.
 */
export async function ensureSchema(url: string, schema: string, ssl = false): Promise<void> {
  const client = new Client({ connectionString: url, ssl: ssl ? { rejectUnauthorized: true } : false });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
  } finally {
    await client.end();
  }
}

/**
 * Runs pending migrations under a PostgreSQL advisory lock keyed by the schema, so replicas
 * starting together (or the Job and a replica) never run the same migration twice.
 * Returns the names of the migrations applied.
 */
export async function runMigrationsLocked(dataSource: DataSource, schema: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`${schema}.migrations`]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`${schema}.migrations`]);
    }
  } finally {
    await runner.release();
  }
}

/** SQL that generating a migration now would add: empty when entities and migrations agree. */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}
