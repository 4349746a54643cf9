import type { Client } from 'pg';
import { normalizePhone } from '@suite/messaging-app';

/** Area codes for the fictional 555-01xx sender numbers: 100 numbers per area code. */
const SENDER_AREAS = ['415', '212', '312', '617', '206', '303', '512', '404', '702', '503'];
export const MAX_SENDER_NUMBERS = SENDER_AREAS.length * 100;

/** Chicago mobiles +1 312 2xx-xxxx; the last digit skips 9 (a sandbox landline, docs/carriers.md). */
const CONTACT_PREFIX = '+1312';
const CONTACT_FIRST = 2_000_000;
const contactPhone = (i: number) => `${CONTACT_PREFIX}${CONTACT_FIRST + Math.floor(i / 9) * 10 + (i % 9)}`;
/** The same phone in SQL, for generate_series' g. */
const CONTACT_PHONE_SQL = `'${CONTACT_PREFIX}' || (${CONTACT_FIRST} + (g / 9) * 10 + g % 9)::text`;

export function drainSenderNumbers(count: number): string[] {
  if (count > MAX_SENDER_NUMBERS) throw new Error(`BENCH_DRAIN_NUMBERS may be at most ${MAX_SENDER_NUMBERS}`);
  const numbers = Array.from(
    { length: count },
    (_, i) => `+1${SENDER_AREAS[Math.floor(i / 100)]}55501${String(i % 100).padStart(2, '0')}`,
  );
  for (const number of numbers)
    if (normalizePhone(number) !== number) throw new Error(`sender number ${number} is not a valid E.164 number`);
  return numbers;
}

export interface SeededQueue {
  /** When the rows became visible to the schedulers (the seed's commit), by the database's clock. */
  committedAt: Date;
  seconds: number;
}

/**
 * `count` queued outbound messages to as many new contacts, written as POST /v1/messages would
 * have written them over the last moments, in one transaction of three INSERT … SELECT FROM
 * generate_series: the contacts (first_name, pinned to the sender numbers round-robin — what the
 * pinning's "fewest conversations" rule gives for a fresh pool), their `first_message` pin
 * history, and the messages (`queued`, from_number = the pin, no channel yet, one in ten with an
 * attachment and one in ten with an effect, created_at = release_after a microsecond apart and
 * in the past). The `message.queued` outbox rows are left out: the API's relay would have
 * published them when the messages were posted, and publishing 100,000 of them now would load
 * the relay during the drain with work that does not belong to it.
 */
export async function seedQueue(
  client: Client,
  options: { companyId: string; senderNumbers: readonly string[]; count: number },
): Promise<SeededQueue> {
  for (const phone of [contactPhone(0), contactPhone(options.count - 1)]) {
    if (normalizePhone(phone) !== phone) throw new Error(`bench contact ${phone} is not a valid E.164 number`);
  }
  const started = Date.now();
  const params = [options.companyId, options.senderNumbers, options.count];
  const pinned = `($2::text[])[1 + g % cardinality($2::text[])]`;
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO messaging.contacts (company_id, phone, first_name, pinned_from_number)
       SELECT $1, ${CONTACT_PHONE_SQL}, 'Drain', ${pinned} FROM generate_series(0, $3::int - 1) AS g`,
      params,
    );
    await client.query(
      `INSERT INTO messaging.sender_pin_changes (company_id, contact_phone, previous_number, number, reason)
       SELECT $1, ${CONTACT_PHONE_SQL}, NULL, ${pinned}, 'first_message' FROM generate_series(0, $3::int - 1) AS g`,
      params,
    );
    await client.query(
      `INSERT INTO messaging.messages
         (id, company_id, direction, channel, body, status, from_number, contact_phone, sender, attachments, effect, release_after, created_at)
       SELECT gen_random_uuid(), $1, 'outbound', NULL,
              'Hi, this is Sam from the dealership: your car is ready for pickup (' || g || ').',
              'queued', ${pinned}, ${CONTACT_PHONE_SQL}, 'human',
              CASE WHEN g % 10 = 3 THEN '["https://cdn.example.com/quote.pdf"]'::jsonb ELSE '[]'::jsonb END,
              CASE WHEN g % 10 = 7 THEN 'confetti' END,
              t.at, t.at
         FROM generate_series(0, $3::int - 1) AS g,
              LATERAL (SELECT now() - ($3::int - g) * interval '1 microsecond' AS at) AS t`,
      params,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  const [row] = (await client.query<{ at: Date }>('SELECT now() AS at')).rows;
  return { committedAt: row!.at, seconds: (Date.now() - started) / 1000 };
}
