import type { EntityManager } from 'typeorm';
import { applyStatusEvent, type StatusEventCommand } from '@suite/message-status';
import type { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity } from '../messages/message.entity';

/**
 * A status change through the state machine plus its public event, in the caller's transaction.
 * Returns whether the change applied (a refused one — another writer got there first — writes nothing).
 */
export async function changeStatusAndAnnounce(manager: EntityManager, events: MessageEventsWriter, command: StatusEventCommand): Promise<boolean> {
  const outcome = await applyStatusEvent(manager, command);
  if (!outcome.applied) return false;
  await events.appendFor(manager, await manager.getRepository(MessageEntity).findOneByOrFail({ id: String(command.id) }));
  return true;
}
