import type { EventEnvelope } from '@suite/contracts';
import type { EntityManager } from 'typeorm';
import type { NewEvent } from '../envelope/new-event';
import { encodeEnvelope } from '../envelope/envelope-codec';
import { EventingTables } from '../entities/eventing-entities';
import { PreparedStatement } from '../support/prepared-statement';
import { qualifiedTable } from '../support/sql-identifiers';
import { outboxChannel } from '../topics/topic-names';

export interface OutboxMetrics {
  appended(topic: string, count?: number): void;
}

export interface OutboxOptions {
  /**
   * At most one NOTIFY per this many ms from this process. A transaction that NOTIFYs takes
   * a cluster-wide lock at commit and holds it through the WAL flush, so notifying commits
   * are serialized; measured here, NOTIFY on every commit cut single-event transactions from
   * ~3,700/s to ~2,400/s. Under load the relay polls on its own (see OutboxRelay), so one
   * wake-up per window is enough; an idle system still gets a NOTIFY with every commit.
   * 0 notifies on every append.
   */
  notifyDebounceMs: number;
}

/**
 * The producing side of the app: events are rows written in the caller's own transaction,
 * so they exist if and only if the business change commits.
 */
export class Outbox {
  private readonly insert: PreparedStatement;
  private readonly channel: string;
  private lastNotifyAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly schema: string,
    private readonly metrics: OutboxMetrics,
    private readonly options: OutboxOptions = { notifyDebounceMs: 0 },
  ) {
    this.channel = outboxChannel(schema);
    // Why the per-subject lock: seq is drawn at INSERT, not at COMMIT. Two concurrent
    // transactions on one subject could commit in the opposite order of their seqs and the
    // relay would publish them out of order. A transaction-scoped advisory lock on
    // (schema, subject), taken before the seq is drawn and held until commit, makes seq order
    // = commit order per subject; unrelated subjects never wait. Keys are taken sorted, so
    // transactions touching the same subjects cannot deadlock on them. The locks sit in an
    // uncorrelated sub-select of the WHERE clause, which PostgreSQL runs once (InitPlan,
    // One-Time Filter) before producing the first row — one round trip instead of two. The
    // relay's wake-up rides the same way when one is due ($7, the channel, else null): NOTIFY in
    // the writing transaction is delivered on commit only, and costs no round trip of its own.
    this.insert = new PreparedStatement(
      'outbox_insert',
      `
      INSERT INTO ${qualifiedTable(schema, EventingTables.outbox)} (id, topic, type, subject, envelope)
      SELECT id, topic, type, subject, envelope
        FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::json[]) WITH ORDINALITY
             AS e(id, topic, type, subject, envelope, ord)
       WHERE (SELECT count(*) FROM (
                SELECT pg_advisory_xact_lock(hashtextextended($6 || ':' || subject, 0))
                  FROM (SELECT DISTINCT subject FROM unnest($4::text[]) AS s(subject) ORDER BY subject) AS sorted
              ) AS locked) >= 0
         AND (SELECT count(*) FROM (SELECT pg_notify($7::text, '') WHERE $7::text IS NOT NULL) AS notified) >= 0
       ORDER BY ord`,
    );
  }

  /**
   * Writes events in the transaction `manager` belongs to. Append after writing the
   * aggregate, and keep the transaction short: the subject lock is held until commit.
   */
  async append(manager: EntityManager, events: NewEvent | readonly NewEvent[]): Promise<EventEnvelope[]> {
    const list: readonly NewEvent[] = Array.isArray(events) ? events : [events as NewEvent];
    if (list.length === 0) return [];
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      throw new Error(
        'Outbox.append needs the EntityManager of an open transaction (dataSource.transaction(manager => ...)); ' +
          'without one the event could be published for a change that never commits',
      );
    }
    await this.insert.run(runner, [
      list.map((e) => e.envelope.id),
      list.map((e) => e.topic),
      list.map((e) => e.envelope.type),
      list.map((e) => e.envelope.subject),
      list.map((e) => encodeEnvelope(e.envelope)),
      this.schema,
      this.notifyDue() ? this.channel : null,
    ]);
    for (const event of list) this.metrics.appended(event.topic);
    return list.map((e) => e.envelope);
  }

  private notifyDue(): boolean {
    const now = performance.now();
    if (now - this.lastNotifyAt < this.options.notifyDebounceMs) return false;
    this.lastNotifyAt = now;
    return true;
  }
}
