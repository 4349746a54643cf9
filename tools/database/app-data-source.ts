import { DataSource } from 'typeorm';
import { dataSourceOptions, ensureSchema } from '@suite/database';
import type { SuiteApp } from '../suite-apps';

/** A DataSource for one app outside Nest (migration command, generator, drift check). */
export async function openAppDataSource(app: SuiteApp, url: string): Promise<DataSource> {
  await ensureSchema(url, app.schema);
  const options = dataSourceOptions({
    schema: app.schema,
    url,
    poolSize: 2,
    ssl: process.env.DATABASE_SSL === 'true',
    entities: app.entities,
    migrations: app.migrations,
    applicationName: `${app.name}-migrations`,
  });
  return new DataSource({ ...options, logging: ['error'] }).initialize();
}
