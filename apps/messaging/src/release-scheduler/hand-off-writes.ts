import type { DataSource, EntityManager } from 'typeorm';
import { openTransactionOf, PreparedStatement } from '@suite/database';
import type { PhoneCapability } from '../carrier/carrier.port';
import { toContactCapability } from '../contacts/contact-capability';
import { contactKey } from '../contacts/contact-key';
import { pacingDay } from '../send-rules/pacing';

/**
 * The bookkeeping writes of a hand-off batch, one statement each for the whole batch, not per
 * message (decision 0014, "Batches"). Rows are fed in key order. Two batches rarely share a
 * row: a batch holds each sender number once, and conversation order keeps one message per
 * person in flight; the days' upserts are in key order in the claim too (release-claimer.ts).
 */

const byKey = <T>(rows: T[], key: (row: T) => string) => rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

const RECORD_LAST_OUTBOUND = new PreparedStatement(
  'hand_off_last_outbound',
  `UPDATE messaging.contacts AS c SET last_outbound_at = u.at, updated_at = now()
     FROM (SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) AS u(company_id, phone, at) ORDER BY company_id, phone) AS u
    WHERE c.company_id = u.company_id AND c.phone = u.phone`,
  'messaging',
);

const COUNT_SENT = new PreparedStatement(
  'hand_off_count_sent',
  `INSERT INTO messaging.sender_number_days (number, day, new_contacts, sent)
   SELECT number, day, 0, sent FROM unnest($1::text[], $2::date[], $3::int[]) AS u(number, day, sent) ORDER BY number, day
   ON CONFLICT (number, day) DO UPDATE SET sent = sender_number_days.sent + EXCLUDED.sent`,
  'messaging',
);

/** contacts.last_outbound_at of each contact handed a message (one row per contact: the latest time). */
export async function recordLastOutbound(
  manager: EntityManager,
  sent: ReadonlyArray<{ companyId: string; contactPhone: string; at: Date }>,
): Promise<void> {
  const latest = new Map<string, { companyId: string; contactPhone: string; at: Date }>();
  for (const row of sent) {
    const key = contactKey(row.companyId, row.contactPhone);
    const known = latest.get(key);
    if (!known || known.at < row.at) latest.set(key, row);
  }
  if (latest.size === 0) return;
  const rows = byKey([...latest.values()], (row) => `${row.companyId.padStart(20, '0')}:${row.contactPhone}`);
  await RECORD_LAST_OUTBOUND.run(openTransactionOf(manager, 'hand-off-writes'), [
    rows.map((row) => row.companyId),
    rows.map((row) => row.contactPhone),
    rows.map((row) => row.at),
  ]);
}

/** sender_number_days.sent + the hand-offs of each number on their UTC day. */
export async function countSent(manager: EntityManager, sent: ReadonlyArray<{ number: string; at: Date }>): Promise<void> {
  const counts = new Map<string, { number: string; day: string; sent: number }>();
  for (const row of sent) {
    const day = pacingDay(row.at);
    const key = `${row.number}|${day}`;
    const known = counts.get(key);
    if (known) known.sent++;
    else counts.set(key, { number: row.number, day, sent: 1 });
  }
  if (counts.size === 0) return;
  const rows = [...counts.values()];
  await COUNT_SENT.run(openTransactionOf(manager, 'hand-off-writes'), [
    rows.map((row) => row.number),
    rows.map((row) => row.day),
    rows.map((row) => row.sent),
  ]);
}

/** The carrier's capability answers, stored on the contacts (outside any transaction: nothing else is locked then). */
export async function storeCapabilities(
  dataSource: DataSource,
  answers: ReadonlyArray<{ companyId: string; contactPhone: string; capability: PhoneCapability }>,
  checkedAt: Date,
): Promise<void> {
  if (answers.length === 0) return;
  const rows = byKey([...answers], (row) => `${row.companyId.padStart(20, '0')}:${row.contactPhone}`);
  await dataSource.query(
    `UPDATE messaging.contacts AS c SET capability = u.capability, capability_checked_at = $4, updated_at = now()
       FROM (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(company_id, phone, capability) ORDER BY company_id, phone) AS u
      WHERE c.company_id = u.company_id AND c.phone = u.phone`,
    [
      rows.map((row) => row.companyId),
      rows.map((row) => row.contactPhone),
      rows.map((row) => toContactCapability(row.capability)),
      checkedAt,
    ],
  );
}
