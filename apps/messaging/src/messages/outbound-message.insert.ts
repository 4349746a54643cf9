import type { EntityManager } from 'typeorm';
import { columnList, openTransactionOf, StatementBuilder, type StatementParams, type UnnestColumns } from '@suite/database';
import { notePinned, pinWritesCtes, type PinChange } from '../sender-numbers/sender-pinning.service';
import type { MessageEntity } from './message.entity';

/**
 * Every column a new outbound row sets besides its direction (outboundMessageRow); the
 * carrier-side ones start null by their defaults.
 */
const OUTBOUND_COLUMNS: UnnestColumns<MessageEntity> = {
  id: ['uuid', (row) => row.id],
  company_id: ['bigint', (row) => row.companyId],
  channel: ['text', (row) => row.channel],
  body: ['text', (row) => row.body],
  status: ['text', (row) => row.status],
  from_number: ['text', (row) => row.fromNumber],
  contact_phone: ['text', (row) => row.contactPhone],
  sender: ['text', (row) => row.sender],
  attachments: ['jsonb', (row) => JSON.stringify(row.attachments)],
  effect: ['text', (row) => row.effect],
  bypass_window: ['boolean', (row) => row.bypassWindow],
  bypass_opt_out: ['boolean', (row) => row.bypassOptOut],
  release_after: ['timestamptz', (row) => row.releaseAfter],
  created_at: ['timestamptz', (row) => row.createdAt],
  updated_at: ['timestamptz', (row) => row.updatedAt],
};

/**
 * The insert of the outbound rows a statement is run with (OUTBOUND_COLUMNS, as array parameters
 * from `params`); with `onlyContactsIn` (SQL of a relation with columns company_id and phone),
 * only the rows to those contacts are inserted. One statement for any number of rows (a batch of
 * sends inserts them together), and a prepared one rather than TypeORM's insert(): it is on the
 * send path of every POST /v1/messages, where TypeORM's query building and result mapping cost
 * more than the insert itself (decision 0011 §15).
 */
export function insertOutboundSql(params: StatementParams<readonly MessageEntity[]>, onlyContactsIn?: string): string {
  const kept = onlyContactsIn
    ? `\n    WHERE (m.company_id, m.contact_phone) IN (SELECT company_id, phone FROM (${onlyContactsIn}) AS kept)`
    : '';
  const columns = columnList(OUTBOUND_COLUMNS);
  return `INSERT INTO messaging.messages (direction, ${columns})
   SELECT 'outbound', ${columns}
     FROM ${params.unnest('m', OUTBOUND_COLUMNS)}${kept}`;
}

/** The rows to insert, and the sender pins their sends decided. */
interface OutboundInsert {
  readonly rows: readonly MessageEntity[];
  readonly pins: readonly PinChange[];
}

const INSERT_OUTBOUND = StatementBuilder.define<OutboundInsert>(
  'messages_insert_outbound',
  (params) => insertOutboundSql(params.of((insert) => insert.rows)),
  'messaging',
);
/** The same insert with the batch's sender pins written in the same statement (decision 0018). */
const INSERT_OUTBOUND_PINNING = StatementBuilder.define<OutboundInsert>(
  'messages_insert_outbound_pinning',
  (params) =>
    `WITH ${pinWritesCtes(params.of((insert) => insert.pins))} ${insertOutboundSql(params.of((insert) => insert.rows))}`,
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
  await statement.run(openTransactionOf(manager, 'outbound-message.insert'), { rows, pins });
  notePinned(pins);
}
