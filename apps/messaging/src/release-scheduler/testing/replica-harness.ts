import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@suite/testing';
import type { Clock } from '@suite/time';
import { bootMessagingApp } from '../../testing';
import type { RecordingCarrier } from './recording-carrier';

/**
 * Several app instances (scheduler replicas, each booted by the harness's bootMessagingApp with the
 * fast scheduler, `clock` and its own carrier) on one test database and topic prefix, for a spec
 * file: registers the database's creation and the apps' shutdown with jest's beforeAll/afterAll.
 */
export function replicasOnOneDatabase(databaseName: string, prefix: string, clock: Clock) {
  let database: TestDatabase;
  const apps: INestApplication[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(databaseName);
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await database?.drop();
  });
  return {
    apps,
    async boot(carrier: RecordingCarrier, extra: Record<string, string> = {}): Promise<INestApplication> {
      const app = await bootMessagingApp(database.url, prefix, { env: extra, overrides: { clock, carrier } });
      apps.push(app);
      return app;
    },
  };
}

/** How many of the messages are in each status. */
export async function statusCounts(db: DataSource, ids: readonly string[]): Promise<Record<string, number>> {
  const rows = (await db.query(
    `SELECT status, count(*)::int AS n FROM messaging.messages WHERE id = ANY($1::uuid[]) GROUP BY status`,
    [ids],
  )) as Array<{ status: string; n: number }>;
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}
