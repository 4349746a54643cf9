import { In, type DataSource, type EntityManager } from 'typeorm';
import { CompanyScopedRepository, crossCompanyRepository, openTransactionOf, PreparedStatement } from '@suite/database';
import { AMBIGUOUS_OUTCOMES, MessageHandOffEntity, type HandOffKind, type HandOffOutcome } from './message-hand-off.entity';

/** A hand-off about to leave. */
export interface HandOffStart {
  readonly messageId: string;
  readonly companyId: string;
  readonly kind: HandOffKind;
  readonly provider: string;
  readonly channel: string;
  readonly fromNumber: string;
  readonly startedAt: Date;
}

export interface HandOffSettlement {
  readonly id: string;
  readonly outcome: Exclude<HandOffOutcome, 'in_flight'>;
  readonly carrierMessageId: string | null;
  readonly detail: string | null;
  readonly at: Date;
}

const OPEN = new PreparedStatement(
  'hand_offs_open',
  `INSERT INTO messaging.message_hand_offs (message_id, company_id, kind, provider, channel, from_number, started_at)
   SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
   RETURNING id`,
  'messaging',
);

const SETTLE = new PreparedStatement(
  'hand_offs_settle',
  `UPDATE messaging.message_hand_offs AS h
      SET outcome = u.outcome, carrier_message_id = coalesce(u.carrier_message_id, h.carrier_message_id),
          detail = left(u.detail, 255), settled_at = u.at
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS u(id, outcome, carrier_message_id, detail, at)
    WHERE h.id = u.id`,
  'messaging',
);

/**
 * Records the batch's hand-offs as `in_flight` on `dataSource` — its own statement, committed at
 * once, OUTSIDE the hand-off's transaction — before any request leaves (decision 0038): a process
 * that dies between send and settle leaves them visible. Returns their ids in order.
 */
export async function openHandOffs(dataSource: DataSource, starts: readonly HandOffStart[]): Promise<string[]> {
  if (starts.length === 0) return [];
  const runner = dataSource.createQueryRunner();
  try {
    const { rows } = await OPEN.run<{ id: string }>(runner, [
      starts.map((start) => start.messageId),
      starts.map((start) => start.companyId),
      starts.map((start) => start.kind),
      starts.map((start) => start.provider),
      starts.map((start) => start.channel),
      starts.map((start) => start.fromNumber),
      starts.map((start) => start.startedAt),
    ]);
    return rows.map((row) => String(row.id));
  } finally {
    await runner.release();
  }
}

/** Settles hand-offs in the caller's transaction (with the message's own change). */
export async function settleHandOffs(manager: EntityManager, settlements: readonly HandOffSettlement[]): Promise<void> {
  if (settlements.length === 0) return;
  await SETTLE.run(openTransactionOf(manager, 'hand-off-records'), [
    settlements.map((settlement) => settlement.id),
    settlements.map((settlement) => settlement.outcome),
    settlements.map((settlement) => settlement.carrierMessageId),
    settlements.map((settlement) => settlement.detail),
    settlements.map((settlement) => settlement.at),
  ]);
}

/**
 * The ambiguous hand-offs (in flight or unknown) of these messages, oldest first: each must be
 * looked up before a second attempt. Across companies: the release scheduler's batch holds the
 * claimed messages of every company, found by their ids.
 */
export async function ambiguousHandOffs(manager: EntityManager, messageIds: readonly string[]): Promise<MessageHandOffEntity[]> {
  if (messageIds.length === 0) return [];
  return crossCompanyRepository(manager, MessageHandOffEntity).find({
    where: { messageId: In([...messageIds]), outcome: In([...AMBIGUOUS_OUTCOMES]) },
    order: { startedAt: 'ASC' },
  });
}

/** A message's hand-offs in the order they were made (GET /v1/messages/{id}). */
export function handOffsOf(manager: EntityManager, companyId: string, messageId: string): Promise<MessageHandOffEntity[]> {
  return CompanyScopedRepository.of(manager, MessageHandOffEntity, companyId).find({
    where: { messageId },
    order: { startedAt: 'ASC', id: 'ASC' },
  });
}

const TAKEN = new PreparedStatement(
  'hand_offs_taken_near',
  `SELECT m.carrier_message_id AS id FROM messaging.messages m
    WHERE m.company_id = $1 AND m.contact_phone = $2 AND m.id <> $3 AND m.handed_over_at >= $4 AND m.carrier_message_id IS NOT NULL
   UNION
   SELECT h.carrier_message_id FROM messaging.messages m JOIN messaging.message_hand_offs h ON h.message_id = m.id
    WHERE m.company_id = $1 AND m.contact_phone = $2 AND m.id <> $3 AND m.handed_over_at >= $4 AND h.carrier_message_id IS NOT NULL`,
  'messaging',
);

/**
 * The provider ids the conversation's other messages hold (theirs now, or an attempt of theirs an
 * SMS resend replaced), among those handed over from a day before `since` on: what a lost hand-off
 * of `message` can never be (Carrier.findHandOff's `taken`; the unique carrier id would refuse it).
 */
export async function carrierIdsTakenNear(
  manager: EntityManager,
  message: { readonly id: string; readonly companyId: string; readonly contactPhone: string },
  since: Date,
): Promise<Set<string>> {
  const { rows } = await TAKEN.run<{ id: string }>(openTransactionOf(manager, 'hand-off-records'), [
    message.companyId,
    message.contactPhone,
    message.id,
    new Date(since.getTime() - 24 * 3600_000),
  ]);
  return new Set(rows.map((row) => row.id));
}
