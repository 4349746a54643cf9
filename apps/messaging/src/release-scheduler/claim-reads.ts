import type { EntityManager } from 'typeorm';
import { openTransactionOf, PreparedStatement } from '@suite/database';
import { contactKey } from '../contacts/contact-key';
import { ContactEntity } from '../contacts/contact.entity';
import { MessageEntity } from '../messages/message.entity';
import { SenderNumberEntity } from '../sender-numbers/sender-number.entity';
import { entityFromColumns } from '../shared/entity-from-columns';

/**
 * What a claim batch reads about its candidates, one statement per question for the whole batch,
 * not per message (decision 0014, "Batches"), as prepared statements
 * mapped straight to entities (a query builder's entity loading cost more than the queries).
 */

const CONTACTS = new PreparedStatement(
  'claim_contacts',
  `SELECT * FROM messaging.contacts WHERE (company_id, phone) IN (SELECT * FROM unnest($1::bigint[], $2::text[]))`,
  'messaging',
);

/** Locked in number order, so two schedulers locking overlapping sets cannot deadlock. */
const LOCK_NUMBERS = new PreparedStatement(
  'claim_lock_numbers',
  `SELECT * FROM messaging.sender_numbers WHERE number = ANY($1::text[]) ORDER BY number FOR UPDATE`,
  'messaging',
);

/**
 * Per candidate, the earliest outbound message to the same person still waiting or being handed
 * over that is older than it ((created_at, id) order, the candidate's own stored created_at).
 */
const EARLIER_PENDING = new PreparedStatement(
  'claim_earlier_pending',
  `SELECT c.id, e.id AS earlier_id, e.status, e.release_after
     FROM messaging.messages c
     CROSS JOIN LATERAL (
       SELECT q.id, q.status, q.release_after FROM messaging.messages q
        WHERE q.company_id = c.company_id AND q.contact_phone = c.contact_phone AND q.direction = 'outbound' AND q.status IN ('queued', 'sending')
          AND (q.created_at, q.id) < (c.created_at, c.id)
        ORDER BY q.created_at, q.id LIMIT 1) e
    WHERE c.id = ANY($1::uuid[])`,
  'messaging',
);

/**
 * Per candidate, the last exchange between its sender number (as stored) and the person, either
 * direction (decision 0012): an outbound message handed over or being handed over, or an inbound one.
 */
const LAST_EXCHANGE = new PreparedStatement(
  'claim_last_exchange',
  `SELECT c.id, c.from_number, x.at
     FROM messaging.messages c
     CROSS JOIN LATERAL (
       SELECT max(CASE WHEN q.direction = 'inbound' THEN q.created_at ELSE coalesce(q.handed_over_at, q.claimed_at) END) AS at
         FROM messaging.messages q
        WHERE q.company_id = c.company_id AND q.contact_phone = c.contact_phone AND q.from_number = c.from_number AND q.id <> c.id
          AND (q.direction = 'inbound' OR q.handed_over_at IS NOT NULL OR q.status = 'sending')) x
    WHERE c.id = ANY($1::uuid[])`,
  'messaging',
);

const NEW_CONTACTS_TODAY = new PreparedStatement(
  'claim_new_contacts_today',
  `SELECT number, new_contacts FROM messaging.sender_number_days WHERE day = $1::date AND number = ANY($2::text[])`,
  'messaging',
);

export async function contactsOf(
  manager: EntityManager,
  messages: readonly MessageEntity[],
): Promise<Map<string, ContactEntity>> {
  if (messages.length === 0) return new Map();
  const { rows } = await CONTACTS.run<Record<string, unknown>>(openTransactionOf(manager, 'claim-reads'), [
    messages.map((m) => m.companyId),
    messages.map((m) => m.contactPhone),
  ]);
  const contacts = rows.map((raw) => entityFromColumns(manager, ContactEntity, raw));
  return new Map(contacts.map((contact) => [contactKey(contact.companyId, contact.phone), contact]));
}

export async function lockNumbers(manager: EntityManager, numbers: readonly string[]): Promise<Map<string, SenderNumberEntity>> {
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return new Map();
  const { rows } = await LOCK_NUMBERS.run<Record<string, unknown>>(openTransactionOf(manager, 'claim-reads'), [unique]);
  return new Map(rows.map((raw) => entityFromColumns(manager, SenderNumberEntity, raw)).map((number) => [number.number, number]));
}

export interface EarlierPending {
  readonly id: string;
  readonly status: string;
  readonly releaseAfter: Date;
}

/** By candidate id; a candidate with nothing earlier pending is absent. */
export async function earlierPendingOf(manager: EntityManager, ids: readonly string[]): Promise<Map<string, EarlierPending>> {
  const { rows } = await EARLIER_PENDING.run<{ id: string; earlier_id: string; status: string; release_after: Date }>(
    openTransactionOf(manager, 'claim-reads'),
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { id: row.earlier_id, status: row.status, releaseAfter: row.release_after }]));
}

/** By candidate id: the sender number it was read for and the last exchange (null: none). */
export async function lastExchangesOf(
  manager: EntityManager,
  ids: readonly string[],
): Promise<Map<string, { number: string | null; at: Date | null }>> {
  const { rows } = await LAST_EXCHANGE.run<{ id: string; from_number: string | null; at: Date | null }>(
    openTransactionOf(manager, 'claim-reads'),
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { number: row.from_number, at: row.at }]));
}

/** sender_number_days.new_contacts of each number on `day` (0 when it has no row). */
export async function newContactsTodayOf(
  manager: EntityManager,
  day: string,
  numbers: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await NEW_CONTACTS_TODAY.run<{ number: string; new_contacts: number }>(
    openTransactionOf(manager, 'claim-reads'),
    [day, numbers],
  );
  const counts = new Map(numbers.map((number) => [number, 0]));
  for (const row of rows) counts.set(row.number, row.new_contacts);
  return counts;
}
