import { EmbeddedDatabase, embeddedDatabaseAnswers, embeddedDataDir, embeddedPort, embeddedUrl } from './embedded-database';

/**
 * The database a command-line tool should use: DATABASE_URL when set; else the embedded
 * server `npm start` uses — reused when it is running, started (and stopped afterwards) when not.
 */
export async function resolveDatabaseUrl(): Promise<{ url: string; release: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, release: async () => undefined };
  const port = embeddedPort();
  if (await embeddedDatabaseAnswers(port)) return { url: embeddedUrl(port), release: async () => undefined };
  const database = await EmbeddedDatabase.start({ dataDir: embeddedDataDir(), port });
  return { url: database.url, release: () => database.stop() };
}
