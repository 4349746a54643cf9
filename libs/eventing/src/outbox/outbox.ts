import type { EventEnvelope } from '@suite/contracts';
import type { EntityManager } from 'typeorm';
import { openTransactionOf, PreparedStatement, qualifiedTable } from '@suite/database';
import { EVENTING_STATEMENTS } from '../support/statement-namespace';
import type { NewEvent } from '../envelope/new-event';
import { encodeEnvelope } from '../envelope/envelope-codec';
import { EventingTables } from '../entities/eventing-entities';
import { outboxChannel } from '../topics/topic-names';

export interface OutboxMetrics {
  appended(topic: string, count?: number): void;
}

export interface OutboxOptions {
  /**
   * At most one NOTIFY per this many ms from this process. A transaction that NOTIFYs takes
   * a cluster-wide lock at commit and holds it through the WAL flush, so notifying commits
   * are serialized, and NOTIFY on every commit costs single-event writers a third of their
   * throughput (decision 0005 §4). Under load the relay polls on its own (see OutboxRelay), so one
   * wake-up per window is enough; an idle system still gets a NOTIFY with every commit.
   * 0 notifies on every append.
   */
  notifyDebounceMs: number;
}

/** Outbox.statementPart: a CTE to put in an app's statement, its parameters, and the metrics to note. */
export interface OutboxStatementPart {
  /** `name AS (INSERT … RETURNING subject)`, to follow WITH or a comma. */
  readonly sql: string;
  /** The CTE's seven parameters for these events, in order from its firstParam. */
  values(events: readonly NewEvent[]): unknown[];
  /** Counts the events the statement wrote (Outbox.append does this itself). */
  noteAppended(events: readonly NewEvent[]): void;
}

/**
 * The outbox insert, parameters from `$first` (ids, topics, types, subjects, envelopes, the
 * schema, the wake-up channel or null). Why the per-subject lock: seq is drawn at INSERT, not at
 * COMMIT. Two concurrent transactions on one subject could commit in the opposite order of their
 * seqs and the relay would publish them out of order. A transaction-scoped advisory lock on
 * (schema, subject), taken before the seq is drawn and held until commit, makes seq order =
 * commit order per subject; unrelated subjects never wait. Keys are taken sorted, so transactions
 * touching the same subjects cannot deadlock on them. The locks sit in an uncorrelated sub-select
 * of the WHERE clause, which PostgreSQL runs once (InitPlan, One-Time Filter) before producing the
 * first row — one round trip instead of two. The relay's wake-up rides the same way when one is
 * due: NOTIFY in the writing transaction is delivered on commit only, and costs no round trip of
 * its own. `onlySubjectsIn` (statementPart) keeps the events whose subject that relation holds.
 */
function outboxInsertSql(schema: string, first: number, onlySubjectsIn?: string): string {
  const p = (offset: number) => `$${first + offset}`;
  const kept = onlySubjectsIn ? `e.subject IN (SELECT subject FROM (${onlySubjectsIn}) AS kept) AND ` : '';
  return `
      INSERT INTO ${qualifiedTable(schema, EventingTables.outbox)} (id, topic, type, subject, envelope)
      SELECT id, topic, type, subject, envelope
        FROM unnest(${p(0)}::uuid[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::json[]) WITH ORDINALITY
             AS e(id, topic, type, subject, envelope, ord)
       WHERE ${kept}(SELECT count(*) FROM (
                SELECT pg_advisory_xact_lock(hashtextextended(${p(5)} || ':' || subject, 0))
                  FROM (SELECT DISTINCT subject FROM unnest(${p(3)}::text[]) AS s(subject) ORDER BY subject) AS sorted
              ) AS locked) >= 0
         AND (SELECT count(*) FROM (SELECT pg_notify(${p(6)}::text, '') WHERE ${p(6)}::text IS NOT NULL) AS notified) >= 0
       ORDER BY ord`;
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
    // outboxInsertSql says why each event takes its subject's lock and how the relay is woken.
    this.insert = new PreparedStatement('outbox_insert', outboxInsertSql(schema, 1), EVENTING_STATEMENTS);
  }

  /**
   * Writes events in the transaction `manager` belongs to. Append after writing the
   * aggregate, and keep the transaction short: the subject lock is held until commit.
   */
  async append(manager: EntityManager, events: NewEvent | readonly NewEvent[]): Promise<EventEnvelope[]> {
    const list: readonly NewEvent[] = Array.isArray(events) ? events : [events as NewEvent];
    if (list.length === 0) return [];
    await this.insert.run(openTransactionOf(manager, 'Outbox.append'), this.insertValues(list));
    this.noteAppended(list);
    return list.map((e) => e.envelope);
  }

  /**
   * The outbox insert as a data-modifying CTE of an app's own statement, for a hot path that
   * writes its aggregate rows and their events in one round trip. A single statement is atomic
   * on its own, in or out of a transaction, so the events still exist if and only if the rows do.
   * The CTE is named `cteName`; its parameters are numbered from `firstParam`, and `values(events)`
   * gives them. With `onlySubjectsIn` (SQL of a relation with a text column `subject`, such as an
   * earlier CTE's RETURNING), an event is written only when its subject is there: the statement
   * may write fewer rows than it was given. Call `noteAppended` with the events it wrote.
   */
  statementPart(options: { cteName: string; firstParam: number; onlySubjectsIn?: string }): OutboxStatementPart {
    return {
      sql: `${options.cteName} AS (${outboxInsertSql(this.schema, options.firstParam, options.onlySubjectsIn)} RETURNING subject)`,
      values: (events) => this.insertValues(events),
      noteAppended: (events) => this.noteAppended(events),
    };
  }

  private insertValues(events: readonly NewEvent[]): unknown[] {
    return [
      events.map((e) => e.envelope.id),
      events.map((e) => e.topic),
      events.map((e) => e.envelope.type),
      events.map((e) => e.envelope.subject),
      events.map((e) => encodeEnvelope(e.envelope)),
      this.schema,
      this.notifyDue() ? this.channel : null,
    ];
  }

  private noteAppended(events: readonly NewEvent[]): void {
    for (const event of events) this.metrics.appended(event.topic);
  }

  private notifyDue(): boolean {
    const now = performance.now();
    if (now - this.lastNotifyAt < this.options.notifyDebounceMs) return false;
    this.lastNotifyAt = now;
    return true;
  }
}
