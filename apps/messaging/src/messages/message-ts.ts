import type { MessageEntity } from './message.entity';

/**
 * A message's `ts`, the time the API shows on list and conversation answers and in its events:
 * the carrier's time when known (accepted, then delivered or failed; an inbound text's own
 * time), else created_at.
 */
export const messageTs = (row: Pick<MessageEntity, 'carrierTs' | 'createdAt'>): Date => row.carrierTs ?? row.createdAt;

/**
 * The same `ts` in SQL, for ORDER BY. It must stay exactly the expression of the indexes
 * messages_conversation_ts_idx and messages_company_ts_idx (migration MessagesTsOrder): the
 * planner uses an expression index only for that expression (decision 0024).
 */
export const MESSAGE_TS_SQL = 'COALESCE(carrier_ts, created_at)';
