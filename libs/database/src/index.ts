// Raw SQL beside TypeORM: named prepared statements (and one assembled from parts), schema-qualified names, SQLSTATE checks.
export { PreparedStatement, type PgClient } from './prepared-statement';
export {
  BuiltStatement,
  columnList,
  StatementBuilder,
  StatementParams,
  unnestArrays,
  unnestSql,
  type UnnestColumns,
} from './statement-builder';
export { assertSchemaName, entityTable, qualifiedTable } from './qualified-table';
export { openTransactionOf } from './open-transaction';
export { isForeignKeyViolation, isUniqueViolation, sqlStateOf, SqlState } from './postgres-errors';

// Connections outside the pool, and waking loops: LISTEN/NOTIFY with polling as the fallback.
export { createDedicatedClient } from './dedicated-connection';
export { NotificationListener, type NotificationListenerOptions } from './wake-up/notification-listener';
export { WakeSignal } from './wake-up/wake-signal';

// Tenancy by construction (decisions 0025, 0056): tenant data only through the company-scoped store.
export * from './tenancy/company-scoped.repository';
export * from './tenancy/unscoped-repository';
export * from './tenancy/company-scoped-sql';

// The TypeORM side (libs/runtime's database/ until decision 0058): the data source options and module every app uses,
// @FeatureModule, migrations, the snake_case naming strategy, quoting SQL identifiers.
export * from './typeorm/data-source-options';
export * from './typeorm/database.module';
export * from './typeorm/migrations';
export * from './typeorm/snake-naming.strategy';
export * from './typeorm/feature-module';
export * from './sql-identifier';
