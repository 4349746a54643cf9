import type { EntityManager } from 'typeorm';
import { applyStatusEvents } from '@suite/message-status';
import { openTransactionOf, PreparedStatement } from '@suite/database';

/**
 * The claims a batch decided, written at its end in two statements, not two per message (decision
 * 0014, "Batches"): the numbers' reserved slots, and `queued` → `sending` through the state machine. The
 * rows are already locked by the batch (candidates FOR UPDATE SKIP LOCKED, numbers FOR UPDATE), so
 * writing later in the same transaction changes nothing another transaction could see.
 */

const RESERVE_SLOTS = new PreparedStatement(
  'claim_reserve_slots',
  `UPDATE messaging.sender_numbers AS n SET next_send_at = u.slot FROM unnest($1::text[], $2::timestamptz[]) AS u(number, slot) WHERE n.number = u.number`,
  'messaging',
);

export interface DecidedClaim {
  readonly id: string;
  /** send_attempts after the claim: the hand-off's claim token. */
  readonly attempt: number;
  readonly number: string;
  readonly slot: Date;
}

/** Returns the ids whose claim applied (all of them: the rows are locked and were `queued`). */
export async function writeClaims(
  manager: EntityManager,
  table: string,
  claims: readonly DecidedClaim[],
  claimedAt: Date,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const slots = new Map(claims.map((claim) => [claim.number, claim.slot]));
  await RESERVE_SLOTS.run(openTransactionOf(manager, 'claim-writes'), [[...slots.keys()], [...slots.values()]]);
  const outcomes = await applyStatusEvents(manager, {
    table,
    event: 'claim',
    rows: claims.map((claim) => ({ id: claim.id, set: { claimed_at: claimedAt, send_attempts: claim.attempt } })),
  });
  return new Set(outcomes.filter((outcome) => outcome.applied).map((outcome) => outcome.id));
}
