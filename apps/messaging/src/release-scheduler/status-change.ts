import type { EntityManager } from 'typeorm';
import {
  applyStatusEvent,
  applyStatusEvents,
  type StatusEventCommand,
  type StatusEventManyCommand,
  type StatusEventManyOutcome,
} from '@suite/message-status';
import type { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity } from '../messages/message.entity';
import { entityFromColumns } from '../shared/entity-from-columns';

/**
 * A status change through the state machine plus its public event, in the caller's transaction.
 * Returns whether the change applied (a refused one — another writer got there first — writes nothing).
 */
export async function changeStatusAndAnnounce(
  manager: EntityManager,
  events: MessageEventsWriter,
  command: StatusEventCommand,
): Promise<boolean> {
  const outcome = await applyStatusEvent(manager, command);
  if (!outcome.applied) return false;
  await events.appendFor(manager, await manager.getRepository(MessageEntity).findOneByOrFail({ id: String(command.id) }));
  return true;
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
