import type { EntityManager, QueryRunner } from 'typeorm';

/**
 * The query runner of the transaction `manager` belongs to, for statements that run on its
 * connection directly (PreparedStatement). Refuses a manager outside a transaction: those
 * statements are parts of one (the send, inbound processing) and must not autocommit alone.
 */
export function transactionRunner(manager: EntityManager): QueryRunner {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive)
    throw new Error('this statement must run inside a transaction (dataSource.transaction(manager => ...))');
  return runner;
}
