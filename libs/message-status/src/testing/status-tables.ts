import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MESSAGE_STATUSES } from '../message-status';

/** The two tables the guarded updates are tested on: status stored as text, and as an enum. */
export const STATUS_TABLES = ['messages_text', 'messages_enum'] as const;

/**
 * A schema of its own on the integration PostgreSQL (DATABASE_URL) with both message tables:
 * the library must work whether the owning service stores status as text or as an enum. The
 * schema's name is known at once (describe blocks name their tables before beforeAll runs);
 * `create` makes it, `drop` removes it.
 */
export class StatusTestTables {
  readonly schema: string;
  private source: DataSource | null = null;

  constructor(prefix: string) {
    this.schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  }

  /** The schema-qualified, quoted name of one of STATUS_TABLES. */
  table(name: (typeof STATUS_TABLES)[number]): string {
    return `"${this.schema}"."${name}"`;
  }

  async create(poolSize: number): Promise<DataSource> {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set; the integration global setup should provide it');
    const dataSource = new DataSource({ type: 'postgres', url, poolSize });
    await dataSource.initialize();
    this.source = dataSource;
    await dataSource.query(`CREATE SCHEMA "${this.schema}"`);
    await dataSource.query(
      `CREATE TYPE "${this.schema}".message_status AS ENUM (${MESSAGE_STATUSES.map((s) => `'${s}'`).join(', ')})`,
    );
    for (const name of STATUS_TABLES) {
      const statusType = name === 'messages_enum' ? `"${this.schema}".message_status` : 'text';
      await dataSource.query(`
        CREATE TABLE ${this.table(name)} (
          id uuid PRIMARY KEY,
          company_id uuid NOT NULL,
          status ${statusType} NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now() - interval '1 hour',
          sent_at timestamptz,
          carrier_ref text,
          attempts int NOT NULL DEFAULT 0
        )`);
    }
    return dataSource;
  }

  async drop(): Promise<void> {
    if (!this.source?.isInitialized) return;
    await this.source.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
    await this.source.destroy();
  }
}
