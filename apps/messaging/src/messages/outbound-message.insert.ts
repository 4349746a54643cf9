import type { EntityManager } from 'typeorm';
import { PreparedStatement } from '@suite/database';
import { notePinned, pinWritesCtes, pinWritesParams, type PinChange } from '../sender-numbers/sender-pinning.service';
import { transactionRunner } from '../shared/transaction-runner';
import type { MessageEntity } from './message.entity';

/**
 * Every column a new outbound row sets (outboundMessageRow); the carrier-side ones start null by
 * their defaults. Parameters from `$first` (outboundMessageValues); with `onlyContactsIn` (SQL of a
 * relation with columns company_id and phone), only the rows to those contacts are inserted.
 * One statement for any number of rows (a batch of sends inserts them together), and a prepared
 * one rather than TypeORM's insert(): it is on the send path of every POST /v1/messages, where
 * TypeORM's query building and result mapping cost more than the insert itself (decision 0011 §15).
 */
export function insertOutboundSql(first: number, onlyContactsIn?: string): string {
  const p = (offset: number) => `$${first + offset}`;
  const kept = onlyContactsIn
    ? `\n    WHERE (m.company_id, m.contact_phone) IN (SELECT company_id, phone FROM (${onlyContactsIn}) AS kept)`
    : '';
  return `INSERT INTO messaging.messages
     (id, company_id, direction, channel, body, status, from_number, contact_phone, sender, attachments, effect,
      bypass_window, bypass_opt_out, release_after, created_at, updated_at)
   SELECT id, company_id, 'outbound', channel, body, status, from_number, contact_phone, sender, attachments, effect,
          bypass_window, bypass_opt_out, release_after, created_at, updated_at
     FROM unnest(${p(0)}::uuid[], ${p(1)}::bigint[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::text[], ${p(6)}::text[], ${p(7)}::text[],
                 ${p(8)}::jsonb[], ${p(9)}::text[], ${p(10)}::boolean[], ${p(11)}::boolean[], ${p(12)}::timestamptz[], ${p(13)}::timestamptz[], ${p(14)}::timestamptz[])
          AS m(id, company_id, channel, body, status, from_number, contact_phone, sender, attachments, effect,
               bypass_window, bypass_opt_out, release_after, created_at, updated_at)${kept}`;
}

/** The parameters of insertOutboundSql for these rows, in its order (fifteen arrays). */
export function outboundMessageValues(rows: readonly MessageEntity[]): unknown[][] {
  const column = <T>(pick: (row: MessageEntity) => T): T[] => rows.map(pick);
  return [
    column((row) => row.id),
    column((row) => row.companyId),
    column((row) => row.channel),
    column((row) => row.body),
    column((row) => row.status),
    column((row) => row.fromNumber),
    column((row) => row.contactPhone),
    column((row) => row.sender),
    column((row) => JSON.stringify(row.attachments)),
    column((row) => row.effect),
    column((row) => row.bypassWindow),
    column((row) => row.bypassOptOut),
    column((row) => row.releaseAfter),
    column((row) => row.createdAt),
    column((row) => row.updatedAt),
  ];
}

const INSERT_OUTBOUND_SQL = insertOutboundSql(1);
const INSERT_OUTBOUND = new PreparedStatement('messages_insert_outbound', INSERT_OUTBOUND_SQL, 'messaging');
/** The same insert with the batch's sender pins written in the same statement (decision 0018). */
const INSERT_OUTBOUND_PINNING = new PreparedStatement(
  'messages_insert_outbound_pinning',
  `WITH ${pinWritesCtes(16)} ${INSERT_OUTBOUND_SQL}`,
  'messaging',
);

/**
 * Inserts new outbound messages (rows from outboundMessageRow) in the caller's transaction, and
 * the sender pins their sends decided (`pins`, on contacts the transaction has locked) in the
 * same statement: one round trip where there were two, on every batch that holds a first message.
 */
export async function insertOutboundMessages(
  manager: EntityManager,
  rows: readonly MessageEntity[],
  pins: readonly PinChange[] = [],
): Promise<void> {
  if (rows.length === 0) {
    if (pins.length > 0) throw new Error('insertOutboundMessages: sender pins without a message to send');
    return;
  }
  const inbound = rows.find((row) => row.direction !== 'outbound');
  if (inbound) throw new Error(`insertOutboundMessages: ${inbound.id} is ${inbound.direction}`);
  const statement = pins.length > 0 ? INSERT_OUTBOUND_PINNING : INSERT_OUTBOUND;
  await statement.run(transactionRunner(manager), [
    ...outboundMessageValues(rows),
    ...(pins.length > 0 ? pinWritesParams(pins) : []),
  ]);
  notePinned(pins);
}
