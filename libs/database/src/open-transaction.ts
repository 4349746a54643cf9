import type { EntityManager, QueryRunner } from 'typeorm';

/**
 * The query runner of the transaction `manager` belongs to, for a write that must commit or roll
 * back with the caller's change (an outbox event, a job). Throws without one: written on its own,
 * the row could outlive a change that never commits.
 */
export function openTransactionOf(manager: EntityManager, what: string): QueryRunner {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) {
    throw new Error(
      `${what} needs the EntityManager of an open transaction (dataSource.transaction(manager => ...)); ` +
        'without one it could outlive a change that never commits',
    );
  }
  return runner;
}
