import type { EventEnvelope } from '@suite/contracts';
import type { EntityManager } from 'typeorm';
import { openTransactionOf, qualifiedTable, StatementBuilder, type BuiltStatement, type StatementParams } from '@suite/database';
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

/** Outbox.statementPart: a CTE to put in an app's statement, and the metrics to note. */
export interface OutboxStatementPart {
  /** `name AS (INSERT … RETURNING subject)`, to follow WITH or a comma. */
  readonly sql: string;
  /** Counts the events the statement wrote (Outbox.append does this itself). */
  noteAppended(events: readonly NewEvent[]): void;
}

/**
 * The outbox insert of the events a statement is run with (ids, topics, types, subjects,
 * envelopes, the schema, the wake-up channel or null: its parameters, allocated from `params`).
 * Why the per-subject lock: seq is drawn at INSERT, not at COMMIT. Two concurrent transactions on
 * one subject could commit in the opposite order of their seqs and the relay would publish them
 * out of order. A transaction-scoped advisory lock on (schema, subject), taken before the seq is
 * drawn and held until commit, makes seq order = commit order per subject; unrelated subjects
 * never wait. Keys are taken sorted, so transactions touching the same subjects cannot deadlock on
 * them. The locks sit in an uncorrelated sub-select of the WHERE clause, which PostgreSQL runs
 * once (InitPlan, One-Time Filter) before producing the first row — one round trip instead of
 * two. The relay's wake-up rides the same way when one is due: NOTIFY in the writing transaction
 * is delivered on commit only, and costs no round trip of its own. `onlySubjectsIn`
 * (statementPart) keeps the events whose subject that relation holds.
 */
function outboxInsertSql(
  schema: string,
  params: StatementParams<readonly NewEvent[]>,
  wakeUpChannel: () => string | null,
  onlySubjectsIn?: string,
): string {
  const ids = params.param((events) => events.map((e) => e.envelope.id));
  const topics = params.param((events) => events.map((e) => e.topic));
  const types = params.param((events) => events.map((e) => e.envelope.type));
  const subjects = params.param((events) => events.map((e) => e.envelope.subject));
  const envelopes = params.param((events) => events.map((e) => encodeEnvelope(e.envelope)));
  const lockSchema = params.param(() => schema);
  const channel = params.param(wakeUpChannel);
  const kept = onlySubjectsIn ? `e.subject IN (SELECT subject FROM (${onlySubjectsIn}) AS kept) AND ` : '';
  return `
      INSERT INTO ${qualifiedTable(schema, EventingTables.outbox)} (id, topic, type, subject, envelope)
      SELECT id, topic, type, subject, envelope
        FROM unnest(${ids}::uuid[], ${topics}::text[], ${types}::text[], ${subjects}::text[], ${envelopes}::json[]) WITH ORDINALITY
             AS e(id, topic, type, subject, envelope, ord)
       WHERE ${kept}(SELECT count(*) FROM (
                SELECT pg_advisory_xact_lock(hashtextextended(${lockSchema} || ':' || subject, 0))
                  FROM (SELECT DISTINCT subject FROM unnest(${subjects}::text[]) AS s(subject) ORDER BY subject) AS sorted
              ) AS locked) >= 0
         AND (SELECT count(*) FROM (SELECT pg_notify(${channel}::text, '') WHERE ${channel}::text IS NOT NULL) AS notified) >= 0
       ORDER BY ord`;
}

/**
 * The producing side of the app: events are rows written in the caller's own transaction,
 * so they exist if and only if the business change commits.
 */
export class Outbox {
  private readonly insert: BuiltStatement<readonly NewEvent[]>;
  private readonly channel: string;
  private lastNotifyAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly schema: string,
    private readonly metrics: OutboxMetrics,
    private readonly options: OutboxOptions = { notifyDebounceMs: 0 },
  ) {
    this.channel = outboxChannel(schema);
    // outboxInsertSql says why each event takes its subject's lock and how the relay is woken.
    this.insert = StatementBuilder.define(
      'outbox_insert',
      (params) => outboxInsertSql(schema, params, () => this.wakeUpChannel()),
      EVENTING_STATEMENTS,
    );
  }

  /**
   * Writes events in the transaction `manager` belongs to. Append after writing the
   * aggregate, and keep the transaction short: the subject lock is held until commit.
   */
  async append(manager: EntityManager, events: NewEvent | readonly NewEvent[]): Promise<EventEnvelope[]> {
    const list: readonly NewEvent[] = Array.isArray(events) ? events : [events as NewEvent];
    if (list.length === 0) return [];
    await this.insert.run(openTransactionOf(manager, 'Outbox.append'), list);
    this.noteAppended(list);
    return list.map((e) => e.envelope);
  }

  /**
   * The outbox insert as a data-modifying CTE of an app's own statement, for a hot path that
   * writes its aggregate rows and their events in one round trip. A single statement is atomic
   * on its own, in or out of a transaction, so the events still exist if and only if the rows do.
   * The CTE is named `cteName`; its parameters are allocated from `params`, which gives it the
   * events of each run. With `onlySubjectsIn` (SQL of a relation with a text column `subject`,
   * such as an earlier CTE's RETURNING), an event is written only when its subject is there: the
   * statement may write fewer rows than it was given. Call `noteAppended` with the events it wrote.
   */
  statementPart(
    params: StatementParams<readonly NewEvent[]>,
    options: { cteName: string; onlySubjectsIn?: string },
  ): OutboxStatementPart {
    const insert = outboxInsertSql(this.schema, params, () => this.wakeUpChannel(), options.onlySubjectsIn);
    return {
      sql: `${options.cteName} AS (${insert} RETURNING subject)`,
      noteAppended: (events) => this.noteAppended(events),
    };
  }

  /** The channel to NOTIFY in this write, or null inside the debounce window. */
  private wakeUpChannel(): string | null {
    return this.notifyDue() ? this.channel : null;
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
