import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { BaseEnvironment } from '@suite/config';
import type { AppDatabaseConfig } from '@suite/database';
import { databaseModule } from '@suite/database';
import { loggerModule, MetricsModule } from '@suite/observability';
import { ClockModule, type Clock } from '@suite/time';

/** Injection token for the app's validated environment object. */
export const ENVIRONMENT = Symbol('ENVIRONMENT');

@Global()
@Module({})
class EnvironmentModule {
  static register(env: BaseEnvironment): DynamicModule {
    return { module: EnvironmentModule, providers: [{ provide: ENVIRONMENT, useValue: env }], exports: [ENVIRONMENT] };
  }
}

export interface CoreModulesOptions {
  appName: string;
  env: BaseEnvironment;
  schema: string;
  entities: AppDatabaseConfig['entities'];
  migrations: AppDatabaseConfig['migrations'];
  /** The app's CLOCK; the system clock unless a test passes its own. */
  clock?: Clock;
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
    ClockModule.forRoot(options.clock),
  ];
}
