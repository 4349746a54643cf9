import { startEmbeddedPostgres } from './embedded-postgres-server';

export type PostgresSource = 'env' | 'embedded';

export interface ProvidedPostgres {
  /** Server URL; tests create their own databases on it with createTestDatabase(). */
  url: string;
  /** Stops what was started here; a no-op for a server that came from DATABASE_URL. */
  stop(): Promise<void>;
  source: PostgresSource;
}

/** DATABASE_URL when set (CI services, a developer's server), else an embedded PostgreSQL. */
export async function providePostgres(): Promise<ProvidedPostgres> {
  const fromEnv = process.env.DATABASE_URL?.trim();
  if (fromEnv) return { url: fromEnv, stop: async () => undefined, source: 'env' };
  const server = await startEmbeddedPostgres();
  return { url: server.url, stop: server.stop, source: 'embedded' };
}
