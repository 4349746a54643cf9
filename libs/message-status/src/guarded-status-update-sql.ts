/**
 * Builds the single statement behind `applyStatusEvent()`.
 *
 * Shape (one round trip, works inside or outside the caller's transaction):
 *
 *   WITH prev AS MATERIALIZED (
 *     SELECT id, status FROM <table> WHERE id = $1 [AND company_id = $4] FOR UPDATE
 *   ), moved AS (
 *     UPDATE <table> AS cur SET status = $2, updated_at = now() [, <col> = $n ...]
 *       FROM prev WHERE cur.id = prev.id AND prev.status = ANY($3)
 *     RETURNING cur.id
 *   )
 *   SELECT prev.status::text AS previous_status, (SELECT count(*) FROM moved)::int AS affected FROM prev
 *
 * Why this shape rather than a plain `UPDATE ... WHERE status = ANY($allowed)`:
 * - The previous status must come back, and before PostgreSQL 18 `RETURNING` only sees new
 *   values. `prev` reads it under `FOR UPDATE`, which waits for any concurrent writer of the row
 *   to finish and then returns the *latest committed* version. From then on this transaction
 *   holds the row lock, so the version `prev` saw is exactly the one the update replaces.
 * - The guard is evaluated on that locked, latest status, never on a stale snapshot. Two
 *   concurrent events (cancel vs claim) therefore serialise on the row lock: the second one
 *   sees the first one's result and is judged against it, so both can never succeed from the
 *   same prior state. (A plain guarded UPDATE gives the same exclusion, but a FOR UPDATE
 *   select followed by a separate UPDATE in TypeScript would need the caller's transaction
 *   and a second round trip; this needs neither.)
 * - When nothing moves, `prev` still tells whether the row exists for this tenant and what its
 *   status is, read under the same lock as the decision: the caller answers 404 vs 409 from
 *   one consistent read instead of a second, racy SELECT.
 *
 * Every event has exactly one target (see message-status-machine.ts), so `SET status` is a
 * constant and needs no CASE per source state.
 */
import { MessageStatus } from './message-status';
import { allowedFrom, isMessageStatusEvent, MessageStatusEvent, targetOf } from './message-status-machine';
import { quoteIdentifier, quoteTableName } from '@suite/database';

/** Put this as a value in `set` to store the database clock (`now()`, the transaction start) rather than the app's. */
export const SQL_NOW: unique symbol = Symbol('SQL_NOW');

export interface StatusEventCommand {
  /** Schema-qualified table, e.g. `"messaging"."messages"` or `messaging.messages`. */
  readonly table: string;
  readonly id: string | number;
  /**
   * The tenant the caller acts for. When given, a row of another company is treated as
   * missing. Leave it out only for internal callers (scheduler, carrier callbacks) that
   * address rows by id alone.
   */
  readonly companyId?: string;
  readonly event: MessageStatusEvent;
  /** Extra columns to set in the same update, e.g. `{ sent_at: SQL_NOW, carrier_ref: 'abc' }`. */
  readonly set?: Readonly<Record<string, unknown>>;
}

export interface GuardedStatusUpdateSql {
  readonly text: string;
  readonly values: unknown[];
  /** The status the row moves to if the guard passes. */
  readonly to: MessageStatus;
}

/** Columns the statement owns; `set` may not touch them. */
const RESERVED_COLUMNS: ReadonlySet<string> = new Set(['id', 'company_id', 'status', 'updated_at']);

export function buildGuardedStatusUpdate(command: StatusEventCommand): GuardedStatusUpdateSql {
  const { event } = command;
  const to = targetOf(event);
  if (!isMessageStatusEvent(event) || to === null) {
    throw new TypeError(`Unknown message status event ${JSON.stringify(event)}`);
  }
  const table = quoteTableName(command.table);
  const values: unknown[] = [command.id, to, [...allowedFrom(event)]];

  const tenantGuard = command.companyId === undefined ? '' : ` AND company_id = $${values.push(command.companyId)}`;

  const assignments = ['status = $2', 'updated_at = now()'];
  for (const [column, value] of Object.entries(command.set ?? {})) {
    if (RESERVED_COLUMNS.has(column)) {
      throw new TypeError(`Column ${JSON.stringify(column)} is managed by applyStatusEvent and cannot be in set`);
    }
    const target = quoteIdentifier(column);
    assignments.push(value === SQL_NOW ? `${target} = now()` : `${target} = $${values.push(value)}`);
  }

  const text = [
    'WITH prev AS MATERIALIZED (',
    `  SELECT id, status FROM ${table} WHERE id = $1${tenantGuard} FOR UPDATE`,
    '), moved AS (',
    `  UPDATE ${table} AS cur SET ${assignments.join(', ')}`,
    '    FROM prev WHERE cur.id = prev.id AND prev.status = ANY($3)',
    '  RETURNING cur.id',
    ')',
    'SELECT prev.status::text AS previous_status, (SELECT count(*) FROM moved)::int AS affected FROM prev',
  ].join('\n');

  return { text, values, to };
}
