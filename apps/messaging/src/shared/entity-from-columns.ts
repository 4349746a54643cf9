import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * An entity from a row read with plain SQL (columns by database name, values as the pg driver
 * parsed them), through TypeORM's metadata for the entity: for statements that return whole rows
 * (`RETURNING *`, `SELECT *`) on hot paths, where a query builder's entity loading costs more
 * than the query. Holds for column types the driver already parses as the entity declares them
 * (uuid, text, bigint as string, jsonb, boolean, int, timestamptz).
 */
export function entityFromColumns<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  raw: Record<string, unknown>,
): T {
  const entity = {} as Record<string, unknown>;
  for (const column of manager.connection.getMetadata(target).columns) entity[column.propertyName] = raw[column.databaseName];
  return entity as T;
}
