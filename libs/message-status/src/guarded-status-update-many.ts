/**
 * applyStatusEvent for many rows in one statement: the same event for each, each with its own
 * values for the extra columns (a batch of hand-offs, a batch of delivery receipts). One round
 * trip instead of one per row; the guard is the same, judged per row on its locked, latest
 * status (guarded-status-update-sql.ts explains why the statement is shaped that way).
 *
 *   WITH input AS MATERIALIZED (SELECT * FROM jsonb_populate_recordset(NULL::<table>, $1)),
 *   prev AS MATERIALIZED (
 *     SELECT t.id, t.status FROM <table> t WHERE t.id IN (SELECT id FROM input) [AND company_id = $4]
 *      ORDER BY t.id FOR UPDATE
 *   ), moved AS (
 *     UPDATE <table> AS cur SET status = $2, updated_at = now(), <col> = input.<col> ...
 *       FROM prev JOIN input ON input.id = prev.id WHERE cur.id = prev.id AND prev.status = ANY($3)
 *     RETURNING cur.*
 *   )
 *   SELECT prev.status AS previous_status, moved.* FROM prev LEFT JOIN moved ON moved.id = prev.id
 *
 * The per-row values travel as one JSON array read with the table's own row type
 * (jsonb_populate_recordset), so every column gets its declared type without a cast per column.
 * Rows are locked in id order: two batches over overlapping rows cannot deadlock on them.
 * The moved rows come back whole (RETURNING cur.*), so a caller announces each change from the
 * row as written without reading it again.
 */
import { quoteIdentifier, quoteTableName } from '@suite/database';
import type { SqlQueryable } from './guarded-status-update';
import { isMessageStatus, type MessageStatus } from './message-status';
import { allowedFrom, isMessageStatusEvent, targetOf, type MessageStatusEvent } from './message-status-machine';

export interface StatusEventManyCommand {
  /** Schema-qualified table, e.g. `messaging.messages`. */
  readonly table: string;
  readonly event: MessageStatusEvent;
  /** As in applyStatusEvent: when given, rows of another company count as missing. */
  readonly companyId?: string;
  /** The rows, each by id, with the columns to set alongside the status (same column names in every row). */
  readonly rows: ReadonlyArray<{ readonly id: string | number; readonly set?: Readonly<Record<string, unknown>> }>;
}

export type StatusEventManyOutcome =
  /** `row`: the row as the update wrote it, its columns by database name. */
  | {
      readonly id: string;
      readonly applied: true;
      readonly from: MessageStatus;
      readonly to: MessageStatus;
      readonly row: Record<string, unknown>;
    }
  /** `current` is null when no row has this id (for this company, when one was given). */
  | { readonly id: string; readonly applied: false; readonly current: MessageStatus | null };

const RESERVED_COLUMNS: ReadonlySet<string> = new Set(['id', 'company_id', 'status', 'updated_at']);

export function buildGuardedStatusUpdateMany(command: StatusEventManyCommand): {
  text: string;
  values: unknown[];
  to: MessageStatus;
} {
  const { event } = command;
  const to = targetOf(event);
  if (!isMessageStatusEvent(event) || to === null) throw new TypeError(`Unknown message status event ${JSON.stringify(event)}`);
  // One outcome per row: an id given twice would be updated once but reported (and announced) twice.
  const ids = new Set(command.rows.map((row) => String(row.id)));
  if (ids.size !== command.rows.length) throw new TypeError('applyStatusEvents: each id may appear once');
  const columns = Object.keys(command.rows[0]?.set ?? {});
  for (const column of columns) {
    if (RESERVED_COLUMNS.has(column))
      throw new TypeError(`Column ${JSON.stringify(column)} is managed by applyStatusEvents and cannot be in set`);
    quoteIdentifier(column);
  }
  for (const row of command.rows) {
    const own = Object.keys(row.set ?? {});
    // SQL_NOW (a symbol) has no JSON form: it would silently become NULL.
    if (Object.values(row.set ?? {}).some((value) => typeof value === 'symbol'))
      throw new TypeError('applyStatusEvents: set values must be plain values (SQL_NOW is not supported)');
    if (own.length !== columns.length || own.some((column) => !columns.includes(column))) {
      throw new TypeError(
        `applyStatusEvents: every row must set the same columns (${columns.join(', ') || 'none'}); row ${String(row.id)} sets ${own.join(', ') || 'none'}`,
      );
    }
  }
  const table = quoteTableName(command.table);
  const input = command.rows.map((row) => ({ ...row.set, id: row.id }));
  const values: unknown[] = [JSON.stringify(input), to, [...allowedFrom(event)]];
  const tenantGuard = command.companyId === undefined ? '' : ` AND t.company_id = $${values.push(command.companyId)}`;
  const assignments = [
    'status = $2',
    'updated_at = now()',
    ...columns.map((column) => `${quoteIdentifier(column)} = input.${quoteIdentifier(column)}`),
  ];
  const text = [
    `WITH input AS MATERIALIZED (SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)),`,
    'prev AS MATERIALIZED (',
    `  SELECT t.id, t.status FROM ${table} t WHERE t.id IN (SELECT id FROM input)${tenantGuard} ORDER BY t.id FOR UPDATE`,
    '), moved AS (',
    `  UPDATE ${table} AS cur SET ${assignments.join(', ')}`,
    '    FROM prev JOIN input ON input.id = prev.id WHERE cur.id = prev.id AND prev.status = ANY($3)',
    '  RETURNING cur.*',
    ')',
    'SELECT prev.id AS prev_id, prev.status::text AS previous_status, moved.* FROM prev LEFT JOIN moved ON moved.id = prev.id',
  ].join('\n');
  return { text, values, to };
}

/**
 * Moves each row to the event's target if its current status allows the event; rows that are
 * missing or not allowed stay as they are. Outcomes in the order of `command.rows`. Run it in the
 * caller's transaction to make the changes part of it (with their outbox events).
 */
export async function applyStatusEvents(
  manager: SqlQueryable,
  command: StatusEventManyCommand,
): Promise<StatusEventManyOutcome[]> {
  if (command.rows.length === 0) return [];
  const { text, values, to } = buildGuardedStatusUpdateMany(command);
  const found = new Map<string, Record<string, unknown>>();
  for (const raw of (await manager.query(text, values)) as Array<Record<string, unknown>>) found.set(String(raw.prev_id), raw);
  return command.rows.map((row): StatusEventManyOutcome => {
    const id = String(row.id);
    const raw = found.get(id);
    if (!raw) return { id, applied: false, current: null };
    const { prev_id: _prevId, previous_status: previous, ...written } = raw;
    if (!isMessageStatus(previous))
      throw new Error(`Row ${id} in ${command.table} has unknown status ${JSON.stringify(previous)}`);
    return written.id === null || written.id === undefined
      ? { id, applied: false, current: previous }
      : { id, applied: true, from: previous, to, row: written };
  });
}
