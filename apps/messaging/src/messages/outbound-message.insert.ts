import type { EntityManager } from 'typeorm';
import { PreparedStatement } from '@suite/eventing';
import { transactionRunner } from '../shared/transaction-runner';
import type { MessageEntity } from './message.entity';

/**
 * Every column a new outbound row sets (outboundMessageRow); the carrier-side ones start null by
 * their defaults. A prepared statement rather than TypeORM's insert(): it is on the send path of
 * every POST /v1/messages, where TypeORM's query building and result mapping cost more than the
 * insert itself (decision 0011 §15).
 */
const INSERT_OUTBOUND = new PreparedStatement(
  'message_insert_outbound',
  `INSERT INTO messaging.messages
     (id, company_id, direction, channel, body, status, from_number, contact_phone, sender, attachments, effect,
      bypass_window, bypass_opt_out, release_after, created_at, updated_at)
   VALUES ($1, $2, 'outbound', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
  'messaging',
);

/** Inserts a new outbound message (a row from outboundMessageRow) in the caller's transaction. */
export async function insertOutboundMessage(manager: EntityManager, row: MessageEntity): Promise<void> {
  if (row.direction !== 'outbound') throw new Error(`insertOutboundMessage: ${row.id} is ${row.direction}`);
  await INSERT_OUTBOUND.run(transactionRunner(manager), [
    row.id,
    row.companyId,
    row.channel,
    row.body,
    row.status,
    row.fromNumber,
    row.contactPhone,
    row.sender,
    JSON.stringify(row.attachments),
    row.effect,
    row.bypassWindow,
    row.bypassOptOut,
    row.releaseAfter,
    row.createdAt,
    row.updatedAt,
  ]);
}
