import type { DataSourceOptions, EntitySchema, MixedList } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface AppDatabaseConfig {
  /** The PostgreSQL schema this app owns; every table and the migrations table live in it. */
  schema: string;
  url: string;
  poolSize: number;
  ssl: boolean;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Tag shown in pg_stat_activity, so a DBA can tell the apps apart. */
  applicationName: string;
}

/** The one place TypeORM options are built; `synchronize` is off everywhere, migrations only. */
export function dataSourceOptions(config: AppDatabaseConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.url,
    schema: config.schema,
    entities: config.entities,
    migrations: config.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    namingStrategy: new SnakeNamingStrategy(),
    applicationName: config.applicationName,
    ssl: config.ssl ? { rejectUnauthorized: true } : false,
    extra: { max: config.poolSize, connectionTimeoutMillis: 5000, idle_in_transaction_session_timeout: 60000 },
    logging: ['error', 'warn', 'migration'],
  };
}
