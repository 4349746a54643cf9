import { createTestDatabase } from '@suite/testing';
import { pendingSchemaChanges, runMigrationsLocked } from '@suite/database';
import { SUITE_APPS } from '../suite-apps';
import { openAppDataSource } from './app-data-source';

/**
 * The drift check: on an empty database, each app's committed migrations must produce exactly
 * the schema its entities describe. A failure means an entity changed without
 * `npm run migration:generate -- <app> <Name>`.
 */
describe('migrations match entities', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase('drift');
  });

  afterAll(async () => {
    await database.drop();
  });

  it.each(SUITE_APPS.map((app) => [app.name, app] as const))('%s', async (_name, app) => {
    const dataSource = await openAppDataSource(app, database.url);
    try {
      await runMigrationsLocked(dataSource, app.schema);
      await expect(pendingSchemaChanges(dataSource)).resolves.toEqual([]);
      // Running again is a no-op: migrations are recorded, not re-applied.
      await expect(runMigrationsLocked(dataSource, app.schema)).resolves.toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
