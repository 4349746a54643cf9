import type { InjectionToken } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptions, type AppDatabaseConfig } from './data-source-options';
import { ensureSchema, runMigrationsLocked } from './migrations';

/* eslint-disable @typescript-eslint/no-explicit-any -- Nest factory signatures are untyped */
export interface DatabaseModuleOptions {
  useFactory: (...args: any[]) => AppDatabaseConfig & { migrationsRun: boolean };
  inject: InjectionToken[];
}

/**
 * The app's TypeORM connection: ensures the schema, initialises, and runs migrations at start
 * unless MIGRATIONS_RUN=false (Kubernetes runs them as a Job).
 */
export function databaseModule(options: DatabaseModuleOptions) {
  let config: (AppDatabaseConfig & { migrationsRun: boolean }) | undefined;
  return TypeOrmModule.forRootAsync({
    inject: options.inject,
    useFactory: (...args: any[]) => {
      config = options.useFactory(...args);
      return { ...dataSourceOptions(config), retryAttempts: 0 } as TypeOrmModuleOptions;
    },
    dataSourceFactory: async (typeormOptions) => {
      if (!typeormOptions || !config) throw new Error('database options missing');
      await ensureSchema(config.url, config.schema, config.ssl);
      const dataSource = await new DataSource(typeormOptions).initialize();
      if (config.migrationsRun) await runMigrationsLocked(dataSource, config.schema);
      return dataSource;
    },
  });
}
