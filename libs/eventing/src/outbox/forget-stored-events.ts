import type { EntityManager } from 'typeorm';
import { qualifiedTable } from '@suite/database';
import { EventingTables } from '../entities/eventing-entities';

/** What an erased person was known by, and the events that are about them by subject. */
export interface StoredEventsToForget {
  /** Values (a phone number, an email, a full name) whose mention makes an event theirs; case-insensitive. */
  mentions: readonly string[];
  /** Events about them by key, whatever they carry (`crm_contact.*` by the contact id). */
  subjects?: ReadonlyArray<{ topic: string; subject: string }>;
}

/**
 * Shorter values are never matched: a mention of `Al` or `+1` would take unrelated events with it.
 * An E.164 number has at least 8 characters, an email at least 6.
 */
const SHORTEST_MENTION = 5;

/**
 * Part of an erasure (docs/privacy.md), in the caller's transaction: deletes the app's stored
 * copies of events that mention the person — its outbox (published rows, which only wait for the
 * retention purge, and unpublished ones, which would otherwise carry the data to the other apps
 * after their own erasure), its outbox dead letters and its consumer dead letters. Returns how many
 * rows went. The inbox keeps event ids (what redelivery is recognised by); a subject that mentions
 * the person is replaced by `erased`.
 */
export async function forgetStoredEvents(manager: EntityManager, schema: string, what: StoredEventsToForget): Promise<number> {
  const mentions = [...new Set(what.mentions.map((value) => value.trim().toLowerCase()))].filter(
    (value) => value.length >= SHORTEST_MENTION,
  );
  const topics = (what.subjects ?? []).map((s) => s.topic);
  const subjects = (what.subjects ?? []).map((s) => s.subject);
  if (mentions.length === 0 && subjects.length === 0) return 0;
  const mentioned = (column: string) => `EXISTS (SELECT 1 FROM unnest($1::text[]) m WHERE strpos(lower(${column}), m) > 0)`;
  const bySubject =
    'EXISTS (SELECT 1 FROM unnest($2::text[], $3::text[]) s(topic, subject) WHERE s.topic = t.topic AND s.subject = t.subject)';
  let forgotten = 0;
  for (const [table, column, keyed] of [
    [EventingTables.outbox, 't.envelope::text', true],
    [EventingTables.outboxDeadLetter, 't.envelope', true],
    [EventingTables.deadLetter, 't.payload', false],
  ] as const) {
    const where = keyed ? `${mentioned(column)} OR ${bySubject}` : mentioned(column);
    // A DELETE … RETURNING answers [rows, count] through TypeORM; count the rows in a CTE instead.
    const rows: Array<{ n: number }> = await manager.query(
      `WITH gone AS (DELETE FROM ${qualifiedTable(schema, table)} t WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      keyed ? [mentions, topics, subjects] : [mentions],
    );
    forgotten += rows[0]?.n ?? 0;
  }
  // The inbox keeps what it dedups by, and the subject: some subjects are a number (`contact.opted_out`'s `<company>:<phone>`).
  await manager.query(
    `UPDATE ${qualifiedTable(schema, EventingTables.inbox)} t SET subject = 'erased' WHERE ${mentioned('t.subject')}`,
    [mentions],
  );
  return forgotten;
}
