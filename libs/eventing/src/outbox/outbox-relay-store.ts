import type { Client } from 'pg';
import { EventingTables } from '../entities/eventing-entities';
import { PreparedStatement } from '../support/prepared-statement';
import { qualifiedTable } from '../support/sql-identifiers';

/** An outbox row as the relay reads it. */
export interface OutboxRecord {
  readonly seq: string;
  readonly id: string;
  readonly topic: string;
  readonly type: string;
  readonly subject: string;
  /** JSON text of the envelope. */
  readonly envelope: string;
  readonly traceparent: string | null;
}

/**
 * The relay's SQL against one app's outbox (and its inbox, for retention). It runs on the
 * leader's dedicated session, never on the app's pool: under load the writers can hold
 * every pooled connection, and a relay queued behind them is exactly the latency spike the
 * outbox must not have. Only the session holding the leadership lock can publish at all.
 */
export class OutboxRelayStore {
  private readonly claim: PreparedStatement;
  private readonly markPublished: PreparedStatement;
  private readonly oldestUnpublished: PreparedStatement;
  private readonly purgeOutbox: PreparedStatement;
  private readonly purgeInboxRows: PreparedStatement;

  constructor(schema: string) {
    const outbox = qualifiedTable(schema, EventingTables.outbox);
    const inbox = qualifiedTable(schema, EventingTables.inbox);
    this.claim = new PreparedStatement(
      'outbox_claim',
      `SELECT seq, id, topic, type, subject, envelope::text AS envelope, envelope->>'traceparent' AS traceparent
         FROM ${outbox}
        WHERE published_at IS NULL
        ORDER BY seq
        LIMIT $1`,
    );
    this.markPublished = new PreparedStatement(
      'outbox_mark',
      `UPDATE ${outbox} SET published_at = now() WHERE seq = ANY($1::bigint[])`,
    );
    this.oldestUnpublished = new PreparedStatement(
      'outbox_lag',
      `SELECT extract(epoch FROM now() - created_at)::float8 AS age
         FROM ${outbox} WHERE published_at IS NULL ORDER BY seq LIMIT 1`,
    );
    // Bounded chunks, so a long-idle relay does not take one huge lock.
    this.purgeOutbox = new PreparedStatement(
      'outbox_purge',
      `DELETE FROM ${outbox} WHERE seq IN (
         SELECT seq FROM ${outbox}
          WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => $1)
          LIMIT $2)`,
    );
    this.purgeInboxRows = new PreparedStatement(
      'inbox_purge',
      `DELETE FROM ${inbox} WHERE event_id IN (
         SELECT event_id FROM ${inbox} WHERE received_at < now() - make_interval(secs => $1) LIMIT $2)`,
    );
  }

  /**
   * Reads the oldest unpublished rows, hands them to `publish`, then marks them published. If
   * `publish` throws, nothing is marked and the rows are read again next time.
   *
   * Two statements and no transaction around them: only the session holding the leadership lock
   * runs this, so no row lock is needed to keep another relay off the rows, and the mark is one
   * statement (atomic on its own). A leader whose session dies between the read and the mark
   * leaves its rows unmarked; the next leader publishes them again — at least once, which the
   * inboxes deduplicate — exactly as a transaction rolled back by the same death would. A
   * transaction here cost two more round trips (BEGIN, COMMIT) per round, ~100 rounds a second
   * under send load.
   */
  async publishNextBatch(
    session: Client,
    limit: number,
    publish: (batch: readonly OutboxRecord[]) => Promise<void>,
  ): Promise<number> {
    const { rows } = await this.claim.runOn<OutboxRecord>(session, [limit]);
    if (rows.length === 0) return 0;
    await publish(rows);
    await this.markPublished.runOn(session, [rows.map((row) => row.seq)]);
    return rows.length;
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
