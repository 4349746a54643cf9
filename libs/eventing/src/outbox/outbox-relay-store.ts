import type { Client } from 'pg';
import { PreparedStatement, qualifiedTable } from '@suite/database';
import { EVENTING_STATEMENTS } from '../support/statement-namespace';
import type { UnpublishableReason } from '../envelope/publishable-envelope';
import { EventingTables } from '../entities/eventing-entities';

/** An outbox row as the relay reads it. */
export interface OutboxRecord {
  readonly seq: string;
  readonly id: string;
  readonly topic: string;
  readonly type: string;
  readonly subject: string;
  /** The envelope's JSON text, as stored: the relay never has PostgreSQL parse it (decision 0020). */
  readonly envelope: string;
}

/** Why an outbox row was set aside: its envelope failed checkPublishable, or the transport refused it for good. */
export type SetAsideReason = UnpublishableReason | 'refused_by_transport';

/** An outbox row to move to `outbox_dead_letter`, and why. */
export interface OutboxSetAside {
  readonly record: OutboxRecord;
  readonly reason: SetAsideReason;
  /** What was wrong, never the payload. */
  readonly error: string;
}

/**
 * The relay's SQL against one app's outbox (and its inbox, for retention). It runs on the
 * leader's dedicated session, never on the app's pool: under load the writers can hold
 * every pooled connection, and a relay queued behind them is exactly the latency spike the
 * outbox must not have. Only the session holding the leadership lock can publish at all.
 */
export class OutboxRelayStore {
  private readonly claimRows: PreparedStatement;
  private readonly markRows: PreparedStatement;
  private readonly setAsideRows: PreparedStatement;
  private readonly oldestUnpublished: PreparedStatement;
  private readonly purgeOutbox: PreparedStatement;
  private readonly purgeInboxRows: PreparedStatement;

  constructor(schema: string) {
    const outbox = qualifiedTable(schema, EventingTables.outbox);
    const inbox = qualifiedTable(schema, EventingTables.inbox);
    const deadLetters = qualifiedTable(schema, EventingTables.outboxDeadLetter);
    // envelope::text of a json column is its stored text, unparsed. Reading anything out of the
    // JSON here (->>) would make PostgreSQL parse every envelope, and one it cannot parse — an
    // escaped lone surrogate or NUL, which json input accepts — would fail every claim from then on.
    this.claimRows = new PreparedStatement(
      'outbox_claim',
      `SELECT seq, id, topic, type, subject, envelope::text AS envelope
         FROM ${outbox}
        WHERE published_at IS NULL
        ORDER BY seq
        LIMIT $1`,
      EVENTING_STATEMENTS,
    );
    this.markRows = new PreparedStatement(
      'outbox_mark',
      `UPDATE ${outbox} SET published_at = now() WHERE seq = ANY($1::bigint[])`,
      EVENTING_STATEMENTS,
    );
    // Moves rows in one statement: a relay that dies half-way leaves each row in exactly one table.
    this.setAsideRows = new PreparedStatement(
      'outbox_set_aside',
      `WITH moved AS (
         DELETE FROM ${outbox} o
          USING unnest($1::bigint[], $2::text[], $3::text[]) AS l(seq, reason, error)
          WHERE o.seq = l.seq AND o.published_at IS NULL
         RETURNING o.seq, o.id, o.topic, o.type, o.subject, o.envelope::text AS envelope, o.created_at, l.reason, l.error)
       INSERT INTO ${deadLetters} (seq, id, topic, type, subject, envelope, reason, error, created_at)
       SELECT seq, id, topic, type, subject, envelope, reason, error, created_at FROM moved`,
      EVENTING_STATEMENTS,
    );
    this.oldestUnpublished = new PreparedStatement(
      'outbox_lag',
      `SELECT extract(epoch FROM now() - created_at)::float8 AS age
         FROM ${outbox} WHERE published_at IS NULL ORDER BY seq LIMIT 1`,
      EVENTING_STATEMENTS,
    );
    // Bounded chunks, so a long-idle relay does not take one huge lock.
    this.purgeOutbox = new PreparedStatement(
      'outbox_purge',
      `DELETE FROM ${outbox} WHERE seq IN (
         SELECT seq FROM ${outbox}
          WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => $1)
          LIMIT $2)`,
      EVENTING_STATEMENTS,
    );
    this.purgeInboxRows = new PreparedStatement(
      'inbox_purge',
      `DELETE FROM ${inbox} WHERE event_id IN (
         SELECT event_id FROM ${inbox} WHERE received_at < now() - make_interval(secs => $1) LIMIT $2)`,
      EVENTING_STATEMENTS,
    );
  }

  /**
   * The oldest unpublished rows, in seq order. The relay publishes them, then marks them (or sets
   * them aside). Separate statements and no transaction around them: only the session holding the
   * leadership lock runs this, so no row lock is needed to keep another relay off the rows, and
   * each write is one statement (atomic on its own). A leader whose session dies between the read
   * and the mark leaves its rows unmarked; the next leader publishes them again — at least once,
   * which the inboxes deduplicate — exactly as a transaction rolled back by the same death would.
   * A transaction here cost two more round trips (BEGIN, COMMIT) per round, ~100 rounds a second
   * under send load.
   */
  async claim(session: Client, limit: number): Promise<OutboxRecord[]> {
    return (await this.claimRows.runOn<OutboxRecord>(session, [limit])).rows;
  }

  async markPublished(session: Client, records: readonly OutboxRecord[]): Promise<void> {
    if (records.length > 0) await this.markRows.runOn(session, [records.map((r) => r.seq)]);
  }

  /** Moves the rows to outbox_dead_letter; returns how many moved (a row already published stays). */
  async setAside(session: Client, letters: readonly OutboxSetAside[]): Promise<number> {
    if (letters.length === 0) return 0;
    const values = [letters.map((l) => l.record.seq), letters.map((l) => l.reason), letters.map((l) => l.error)];
    return (await this.setAsideRows.runOn(session, values)).rowCount;
  }

  async oldestUnpublishedAgeSeconds(session: Client): Promise<number> {
    const { rows } = await this.oldestUnpublished.runOn<{ age: number }>(session, []);
    return rows[0]?.age ?? 0;
  }

  async purgePublished(session: Client, olderThanMs: number, chunk: number): Promise<number> {
    return (await this.purgeOutbox.runOn(session, [olderThanMs / 1000, chunk])).rowCount;
  }

  async purgeInbox(session: Client, olderThanMs: number, chunk: number): Promise<number> {
    return (await this.purgeInboxRows.runOn(session, [olderThanMs / 1000, chunk])).rowCount;
  }
}
