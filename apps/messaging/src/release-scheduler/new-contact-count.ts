import type { EntityManager } from 'typeorm';
import { openTransactionOf, PreparedStatement } from '@suite/database';

/**
 * sender_number_days.new_contacts + what one claim batch counted (the daily new-contact cap), one
 * statement for the batch at its end, in number order: the hand-off's `sent` counts upsert the
 * same rows in number order (hand-off-writes.ts), so the two cannot deadlock on them.
 */
const COUNT_NEW_CONTACTS = new PreparedStatement(
  'claim_count_new_contacts',
  `INSERT INTO messaging.sender_number_days (number, day, new_contacts, sent)
   SELECT number, $1::date, n, 0 FROM unnest($2::text[], $3::int[]) AS u(number, n) ORDER BY number
   ON CONFLICT (number, day) DO UPDATE SET new_contacts = sender_number_days.new_contacts + EXCLUDED.new_contacts`,
  'messaging',
);

export async function countNewContacts(
  manager: EntityManager,
  day: string,
  byNumber: ReadonlyMap<string, number>,
): Promise<void> {
  if (byNumber.size === 0) return;
  const numbers = [...byNumber.keys()].sort();
  await COUNT_NEW_CONTACTS.run(openTransactionOf(manager, 'new-contact-count'), [
    day,
    numbers,
    numbers.map((number) => byNumber.get(number)!),
  ]);
}
