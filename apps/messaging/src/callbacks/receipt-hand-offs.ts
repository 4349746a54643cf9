import type { EntityManager } from 'typeorm';
import { openTransactionOf, PreparedStatement, sqlStateOf } from '@suite/database';
import { AppError } from '@suite/http';
import type { MessageStatus } from '@suite/message-status';

/** A message a receipt names, as the receipts read it. */
export interface ReceiptMessage {
  readonly id: string;
  readonly status: MessageStatus;
  readonly carrier_message_id: string | null;
  readonly company_id: string;
  readonly contact_phone: string;
}

/**
 * How long a receipt that names our message (`?message_id=`) but not yet its provider id waits for
 * the hand-off holding that message to commit: the hand-off keeps the row locked while the
 * provider answers (decision 0014), and a provider may post the receipt before that answer is
 * written. Past this, 503: the provider retries, or the reconciliation of `sent` messages catches it.
 */
export const RECEIPT_LOCK_WAIT_MS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether an untrusted message id from a callback URL can be used in a query. */
export const isMessageId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/** The messages the receipts name, by carrier id (unique index); no lock: the guarded update locks and judges again. */
export const MESSAGES_BY_CARRIER_ID = new PreparedStatement(
  'receipts_messages_by_carrier_id',
  `SELECT id, status, carrier_message_id, company_id, contact_phone FROM messaging.messages WHERE carrier_message_id = ANY($1::text[])`,
  'messaging',
);

/**
 * Waits (at most RECEIPT_LOCK_WAIT_MS) for the transactions holding these messages — a hand-off or
 * an SMS resend between the provider's answer and its commit — and returns them as committed.
 * A wait that runs out is a 503 (the provider retries).
 */
export async function waitForMessages(manager: EntityManager, ids: readonly string[]): Promise<ReceiptMessage[]> {
  if (ids.length === 0) return [];
  await manager.query(`SET LOCAL lock_timeout = '${RECEIPT_LOCK_WAIT_MS}ms'`);
  try {
    return (await manager.query(
      `SELECT id, status, carrier_message_id, company_id, contact_phone FROM messaging.messages
        WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [ids],
    )) as ReceiptMessage[];
  } catch (error) {
    if (sqlStateOf(error) === '55P03')
      throw new AppError('unavailable', 'The message this receipt names is still being handed over; retry the receipt.');
    throw error;
  } finally {
    // Only this wait is bounded: the statements after it (the guarded updates) wait as they always did.
    await manager.query(`SET LOCAL lock_timeout TO DEFAULT`).catch(() => undefined);
  }
}

/** One attempt (hand-off) a receipt's provider id belongs to, with its message as it is now. */
export interface ReceiptAttempt {
  readonly id: string;
  readonly message_id: string;
  readonly kind: string;
  readonly provider: string;
  readonly channel: string;
  readonly downgraded_at: Date | null;
}

const ATTEMPT_OF = new PreparedStatement(
  'receipts_attempt_of',
  `SELECT id, message_id, kind, provider, channel, downgraded_at FROM messaging.message_hand_offs
    WHERE carrier_message_id = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
  'messaging',
);

/**
 * The hand-off that carried `carrierMessageId`, locked: two copies of one receipt (a provider's
 * retry racing the original) are judged one after the other on its `downgraded_at`.
 */
export async function attemptOf(manager: EntityManager, carrierMessageId: string): Promise<ReceiptAttempt | null> {
  const { rows } = await ATTEMPT_OF.run<ReceiptAttempt>(openTransactionOf(manager, 'receipt-hand-offs'), [carrierMessageId]);
  return rows[0] ? { ...rows[0], id: String(rows[0].id) } : null;
}

/** Marks the attempt as not gone as iMessage, with the provider's word; false when it already was (a repeated receipt). */
export async function markDowngraded(manager: EntityManager, attemptId: string, at: Date, reason?: string): Promise<boolean> {
  const [, affected] = (await manager.query(
    `UPDATE messaging.message_hand_offs SET downgraded_at = $2, detail = left(coalesce($3, detail), 255)
      WHERE id = $1 AND downgraded_at IS NULL`,
    [attemptId, at, reason ?? null],
  )) as [unknown, number];
  return affected === 1;
}

/**
 * What a delivered-as-SMS (or undeliverable) iMessage tells of the phone without asking anyone:
 * no iMessage for now — the stored capability loses it (`imessage` → `mms`: SMS and MMS), checked
 * now, so the conversation's next messages go as text until the capability is looked up again.
 */
export async function forgetImessage(manager: EntityManager, message: ReceiptMessage, at: Date): Promise<void> {
  await manager.query(
    `UPDATE messaging.contacts SET capability = 'mms', capability_checked_at = $3, updated_at = now()
      WHERE company_id = $1 AND phone = $2 AND capability = 'imessage'`,
    [message.company_id, message.contact_phone, at],
  );
}
