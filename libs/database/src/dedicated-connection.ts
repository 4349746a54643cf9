import { Client, type ClientConfig } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * A pg Client outside the DataSource's pool, with the pool's own connection settings.
 * Why not a pooled connection: the leader holds it for hours (session advisory lock, LISTEN),
 * which would silently shrink the app's pool, and a pooled connection cannot be closed —
 * only returned, with the session lock still held.
 */
export function createDedicatedClient(dataSource: DataSource, role: string): Client {
  const pool = (dataSource.driver as unknown as { master?: { options?: ClientConfig & { application_name?: string } } }).master;
  if (!pool?.options) {
    throw new Error('needs an initialized PostgreSQL DataSource (await dataSource.initialize() first)');
  }
  const base = pool.options.application_name ?? 'suite';
  return new Client({ ...pool.options, application_name: `${base}:${role}`.slice(0, 63), keepAlive: true });
}
