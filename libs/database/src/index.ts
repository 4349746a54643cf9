// Raw SQL beside TypeORM: named prepared statements (and one assembled from parts), schema-qualified names, SQLSTATE checks.
export { PreparedStatement, type PgClient } from './prepared-statement';
export { BuiltStatement, columnList, StatementBuilder, StatementParams, type UnnestColumns } from './statement-builder';
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
