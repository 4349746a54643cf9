import { DataSource } from 'typeorm';
import { APPS } from '@suite/contracts';
import { MESSAGING_ENTITIES, messagingMigrations } from '@suite/messaging-app';
import { dataSourceOptions, ensureSchema } from '@suite/database';
import { createTestDatabase, findFreePort } from '@suite/testing';
import { startChildServer, type ChildServer } from '../child-server';

export interface BaselineTarget {
  server: ChildServer;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * The baseline in a database of its own (so its rows never touch the app's tables), with
 * messaging's tables made by messaging's own migrations: the same columns, types and indexes
 * as the app writes to. createTestDatabase uses the server DATABASE_URL names.
 */
export async function startBaseline(options: {
  poolSize: number;
  companyId: string;
  fromNumber: string;
}): Promise<BaselineTarget> {
  const database = await createTestDatabase('bench_baseline');
  try {
    const schema = APPS['messaging'].schema;
    await ensureSchema(database.url, schema);
    const migrator = new DataSource(
      dataSourceOptions({
        schema,
        url: database.url,
        poolSize: 1,
        ssl: false,
        entities: MESSAGING_ENTITIES,
        migrations: messagingMigrations,
        applicationName: 'bench-baseline-migrate',
      }),
    );
    await migrator.initialize();
    await migrator.runMigrations({ transaction: 'each' });
    await migrator.destroy();

    const port = await findFreePort();
    const server = await startChildServer({
      name: 'baseline',
      script: 'tools/bench/messaging/send-path/baseline-server.js',
      port,
      readyPath: '/health',
      timeoutMs: 15_000,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: String(options.poolSize),
        PORT: String(port),
        BASELINE_COMPANY_ID: options.companyId,
        BASELINE_FROM_NUMBER: options.fromNumber,
      },
    });
    return {
      server,
      databaseUrl: database.url,
      stop: async () => {
        await server.stop();
        await database.drop().catch(() => undefined);
      },
    };
  } catch (error) {
    await database.drop().catch(() => undefined);
    throw error;
  }
}
