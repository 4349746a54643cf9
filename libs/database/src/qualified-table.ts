import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { quoteIdentifier } from './sql-identifier';

/**
 * Raw SQL of the libs names tables as "schema"."table": TypeORM qualifies its own queries with
 * the DataSource's schema, but pool connections keep the default search_path.
 * 56 leaves room for a suffix such as `_outbox` or `_jobs` in a NOTIFY channel inside NAMEDATALEN (63).
 */
const MAX_SCHEMA_LENGTH = 56;

export function assertSchemaName(schema: string): string {
  if (schema.length > MAX_SCHEMA_LENGTH || !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`schema "${schema}" must be a lower-case SQL identifier of at most ${MAX_SCHEMA_LENGTH} characters`);
  }
  return schema;
}

export function qualifiedTable(schema: string, table: string): string {
  return `${quoteIdentifier(assertSchemaName(schema))}.${quoteIdentifier(table)}`;
}

/** An entity's table as raw SQL names it: its own schema (or the DataSource's), quoted. */
export function entityTable(dataSource: DataSource, entity: EntityTarget<ObjectLiteral>): string {
  const metadata = dataSource.getMetadata(entity);
  return qualifiedTable(metadata.schema ?? 'public', metadata.tableName);
}
