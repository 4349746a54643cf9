import { runMigrationsLocked } from '@suite/database';
import { openAppDataSource } from './database/app-data-source';
import { resolveDatabaseUrl } from './embedded/resolve-database-url';
import { findSuiteApp, SUITE_APPS } from './suite-apps';

/**
 * `node dist/tools/migrate.js <app>|--all` — runs pending migrations, the same ones each app
 * runs at start. Kubernetes runs it as a Job (apps there start with MIGRATIONS_RUN=false).
 * Without DATABASE_URL it migrates the embedded database that `npm start` uses.
 */
async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) throw new Error('usage: migrate <app>|--all');
  const apps = target === '--all' ? SUITE_APPS : [findSuiteApp(target)];
  const database = await resolveDatabaseUrl();
  try {
    for (const app of apps) {
      const dataSource = await openAppDataSource(app, database.url);
      try {
        const applied = await runMigrationsLocked(dataSource, app.schema);
        console.log(`${app.name}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
      } finally {
        await dataSource.destroy();
      }
    }
  } finally {
    await database.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
