/**
 * Applies a status event to one message row, atomically and only if the machine allows it.
 * The statement and why it is shaped that way: guarded-status-update-sql.ts.
 */
import { buildGuardedStatusUpdate, StatusEventCommand } from './guarded-status-update-sql';
import { isMessageStatus, MessageStatus } from './message-status';

export type StatusEventOutcome =
  | { readonly applied: true; readonly from: MessageStatus; readonly to: MessageStatus }
  /** `current` is null when no row has this id (for this company, when one was given): answer 404, else 409. */
  | { readonly applied: false; readonly current: MessageStatus | null };

/**
 * What the update needs from a connection: a TypeORM `EntityManager` (transactional or not)
 * fits, and so does a `QueryRunner` or anything else with the same `query` method.
 */
export interface SqlQueryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

interface ResultRow {
  previous_status: string;
  affected: number;
}

/**
 * Moves the row to the event's target if its current status is one the event is legal from.
 * Pass a transactional manager to make the change part of a larger unit of work (e.g. with an
 * outbox write); the row stays locked until that transaction ends. Throws only for programming
 * errors (unknown event, unsafe identifiers, a non-unique id) and database errors.
 */
export async function applyStatusEvent(manager: SqlQueryable, command: StatusEventCommand): Promise<StatusEventOutcome> {
  const { text, values, to } = buildGuardedStatusUpdate(command);
  const rows = (await manager.query(text, values)) as ResultRow[];

  if (rows.length === 0) return { applied: false, current: null };
  if (rows.length > 1) {
    // `id` is expected to be the primary key; updating several rows would be a silent disaster.
    throw new Error(`applyStatusEvent matched ${rows.length} rows for id ${String(command.id)} in ${command.table}`);
  }

  const [{ previous_status: previous, affected }] = rows;
  if (!isMessageStatus(previous)) {
    throw new Error(`Row ${String(command.id)} in ${command.table} has unknown status ${JSON.stringify(previous)}`);
  }
  return affected === 1 ? { applied: true, from: previous, to } : { applied: false, current: previous };
}
