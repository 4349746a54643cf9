import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  /** Connection URL of the new database (same server and credentials as DATABASE_URL). */
  url: string;
  name: string;
  /** Terminates the database's connections and drops it. Safe to call twice. */
  drop(): Promise<void>;
}

/**
 * A fresh, uniquely named database on the server DATABASE_URL points at, so each
 * integration test file works on its own tables and never sees another file's rows.
 */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    throw new Error(
      'createTestDatabase() needs DATABASE_URL. Run integration tests through jest --selectProjects integration ' +
        '(its global setup provides PostgreSQL) or set DATABASE_URL to a server where you may create databases.',
    );
  }
  const name = uniqueDatabaseName(prefix);
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => dropDatabase(serverUrl, name),
  };
}

/** Lowercase [a-z0-9_], unique per call, within PostgreSQL's 63-byte identifier limit. */
export function uniqueDatabaseName(prefix: string): string {
  const cleanPrefix =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'test';
  return `${cleanPrefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** `serverUrl` with its database path replaced by `name`; query parameters (sslmode…) are kept. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (client) => {
    // Without this, DROP fails while an app's pool (or a leaked client) is still connected.
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      name,
    ]);
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    // WITH (FORCE) (PostgreSQL 13+) also covers a pool reconnecting between the two statements.
    const force = Number(rows[0]?.server_version_num) >= 130000;
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)}${force ? ' WITH (FORCE)' : ''}`);
  });
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
