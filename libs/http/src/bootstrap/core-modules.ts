import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BaseEnvironment, environmentSlicesOf } from '@suite/config';
import type { AppDatabaseConfig } from '@suite/database';
import { databaseModule } from '@suite/database';
import { loggerModule, MetricsModule } from '@suite/observability';
import { ClockModule } from '@suite/time';

/**
 * Every variable is injected by a class (decision 0062): a feature its own slice, and libraries (or
 * a feature that reads a shared variable such as AUTH_ISSUER) `BaseEnvironment`, which stands for
 * the app's whole validated environment typed as the variables every app shares.
 */
@Global()
@Module({})
class EnvironmentModule {
  static register(env: BaseEnvironment): DynamicModule {
    const slices = environmentSlicesOf(env)
      .filter(([slice]) => slice !== BaseEnvironment)
      .map(([slice, instance]) => ({ provide: slice, useValue: instance }));
    const providers = [{ provide: BaseEnvironment, useValue: env }, ...slices];
    return { module: EnvironmentModule, providers, exports: providers.map((provider) => provider.provide) };
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
