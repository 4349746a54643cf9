import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { openTransactionOf } from '@suite/database';
import { ReleaseWake } from './release-wake';

/** The mark a transaction carries (on its query runner's `data`) when it queued a message. */
const WAKE_ON_COMMIT = Symbol('releaseWakeOnCommit');

type MarkedRunner = QueryRunner & { data: Record<symbol, boolean | undefined> };

/**
 * Asks for the release scheduler to be woken when `manager`'s transaction commits. For writers
 * that do not own their transaction (an inbox handler queues a text inside the inbox's): a wake
 * before the commit would find nothing to claim and the scheduler would sleep a whole tick.
 */
export function wakeAfterCommit(manager: EntityManager): void {
  (openTransactionOf(manager, 'release-wake-after-commit') as MarkedRunner).data[WAKE_ON_COMMIT] = true;
}

/**
 * Wakes this process's release scheduler after a transaction marked by wakeAfterCommit commits,
 * and forgets the mark when it rolls back (a retry marks again). A TypeORM subscriber: the only
 * hook that runs after the COMMIT of a transaction someone else opened. It listens to nothing
 * but the end of transactions, so other statements pay one empty check.
 */
@Injectable()
export class ReleaseWakeAfterCommit implements EntitySubscriberInterface {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly wake: ReleaseWake,
  ) {
    dataSource.subscribers.push(this);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (takeMark(queryRunner)) this.wake.notify();
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    takeMark(queryRunner);
  }
}

function takeMark(queryRunner: QueryRunner): boolean {
  const data = (queryRunner as MarkedRunner).data;
  const marked = data[WAKE_ON_COMMIT] === true;
  if (marked) delete data[WAKE_ON_COMMIT];
  return marked;
}
