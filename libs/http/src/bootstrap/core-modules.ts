import { Global, Module, type DynamicModule } from '@nestjs/common';
import { environmentSlicesOf, type BaseEnvironment } from '@suite/config';
import type { AppDatabaseConfig } from '@suite/database';
import { databaseModule } from '@suite/database';
import { loggerModule, MetricsModule } from '@suite/observability';
import { ClockModule } from '@suite/time';

/**
 * Injection token for the app's validated environment object, whole. Libraries read the shared
 * variables through it (typed BaseEnvironment); a feature injects its own slice by class instead.
 */
export const ENVIRONMENT = Symbol('ENVIRONMENT');

/** ENVIRONMENT, and each slice of a composed environment by its class (decision 0062), to every module. */
@Global()
@Module({})
class EnvironmentModule {
  static register(env: BaseEnvironment): DynamicModule {
    const slices = environmentSlicesOf(env).map(([slice, instance]) => ({ provide: slice, useValue: instance }));
    return {
      module: EnvironmentModule,
      providers: [{ provide: ENVIRONMENT, useValue: env }, ...slices],
      exports: [ENVIRONMENT, ...slices.map((slice) => slice.provide)],
    };
  }
}

export interface CoreModulesOptions {
  appName: string;
  env: BaseEnvironment;
  schema: string;
  entities: AppDatabaseConfig['entities'];
  migrations: AppDatabaseConfig['migrations'];
}

/** What every app imports first: its environment, logging, its database, metrics and clock. */
export function coreModules(options: CoreModulesOptions): DynamicModule[] {
  const { env } = options;
  return [
    EnvironmentModule.register(env),
    loggerModule(options.appName, env.LOG_LEVEL, env.LOG_FORMAT),
    databaseModule({
      inject: [],
      useFactory: () => ({
        schema: options.schema,
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        ssl: env.DATABASE_SSL,
        entities: options.entities,
        migrations: options.migrations,
        applicationName: options.appName,
        migrationsRun: env.MIGRATIONS_RUN,
      }),
    }),
    { module: MetricsModule },
    ClockModule.forRoot(),
  ];
}
