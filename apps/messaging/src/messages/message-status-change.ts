import type { EntityManager } from 'typeorm';
import {
  applyStatusEvent,
  applyStatusEvents,
  type MessageStatus,
  type StatusEventCommand,
  type StatusEventManyCommand,
  type StatusEventManyOutcome,
} from '@suite/message-status';
import { entityFromColumns } from '../shared/entity-from-columns';
import type { MessageEventsWriter } from './message-events.writer';
import { MessageEntity } from './message.entity';

/** A status change that applied, with the row as it is now; or the status that refused it (null: no such row). */
export type MessageStatusChange =
  | { readonly applied: true; readonly message: MessageEntity }
  | { readonly applied: false; readonly current: MessageStatus | null };

/**
 * Every change of a message's status goes through here or changeStatusesAndAnnounce (the scheduler,
 * the receipts, a customer's cancel): the guarded update of the state machine plus the public
 * event, in the caller's transaction, so no writer can move a status without announcing it. A
 * refused change (another writer got there first) writes nothing.
 */
export async function changeStatusAndAnnounce(
  manager: EntityManager,
  events: MessageEventsWriter,
  command: StatusEventCommand,
): Promise<MessageStatusChange> {
  const outcome = await applyStatusEvent(manager, command);
  if (!outcome.applied) return outcome;
  const message = await manager.getRepository(MessageEntity).findOneByOrFail({ id: String(command.id) });
  await events.appendFor(manager, message);
  return { applied: true, message };
}

/**
 * The same for many messages and one event (a batch of hand-offs or receipts): one guarded update
 * for all of them and one outbox append for those that moved, each event built from the row as
 * the update returned it. Outcomes in the order of `command.rows`.
 */
export async function changeStatusesAndAnnounce(
  manager: EntityManager,
  events: MessageEventsWriter,
  command: StatusEventManyCommand,
): Promise<StatusEventManyOutcome[]> {
  const outcomes = await applyStatusEvents(manager, command);
  const moved = outcomes.flatMap((outcome) => (outcome.applied ? [entityFromColumns(manager, MessageEntity, outcome.row)] : []));
  await events.appendForAll(manager, moved);
  return outcomes;
}
