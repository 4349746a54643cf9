import { createHash } from 'node:crypto';
import type { QueryRunner } from 'typeorm';

export interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/**
 * A statement run thousands of times a second (the eventing outbox and inbox; apps' hot
 * paths, such as messaging's send). Executed as a named prepared statement on the query
 * runner's own pg connection, so PostgreSQL parses and plans it once per connection (decision
 * 0005 §8 has what that gains the outbox insert).
 * (TypeORM's query() always sends unnamed statements.) It also skips TypeORM's per-query work
 * (logging, parameter escaping, subscribers). Needs direct connections or session pooling — or
 * PgBouncer 1.21+ with max_prepared_statements — like any named prepared statement.
 */
export class PreparedStatement {
  readonly name: string;

  constructor(
    role: string,
    readonly text: string,
    /** Who owns it (the name's first segment), so names of different owners never meet. */
    namespace: string,
  ) {
    // Short and derived from the text: unique per statement within NAMEDATALEN (63).
    this.name = `${namespace}_${role}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  }

  /** On the connection of a TypeORM query runner (the caller's transaction). */
  async run<T>(runner: QueryRunner, values: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
    const client = (await runner.connect()) as Partial<PgClient>;
    if (typeof client?.query !== 'function') {
      const rows = (await runner.query(this.text, values)) as T[];
      return { rows, rowCount: Array.isArray(rows) ? rows.length : 0 };
    }
    return this.runOn(client as PgClient, values);
  }

  async runOn<T>(client: PgClient, values: unknown[]): Promise<{ rows: T[]; rowCount: number }> {
    const result = await client.query({ name: this.name, text: this.text, values });
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  }
}
