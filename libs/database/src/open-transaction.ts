import type { EntityManager, QueryRunner } from 'typeorm';

/**
 * The query runner of the transaction `manager` belongs to, for a statement that is part of the
 * caller's change: a write that must commit or roll back with it (an outbox event, a job), a lock
 * it must hold until it commits, a prepared statement run on its connection. Throws without one:
 * run on its own, the statement would autocommit apart from the change it belongs to.
 */
export function openTransactionOf(manager: EntityManager, what: string): QueryRunner {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) {
    throw new Error(
      `${what} needs the EntityManager of an open transaction (dataSource.transaction(manager => ...)); ` +
        'without one it would autocommit apart from the change it belongs to',
    );
  }
  return runner;
}
