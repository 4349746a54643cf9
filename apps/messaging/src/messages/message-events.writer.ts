import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { messageEventData, messageEventType } from './message-event-data';
import type { MessageEntity } from './message.entity';

/**
 * Appends the event for a message's current status to the outbox, in the caller's transaction
 * (the one that changed the status). Every writer of message statuses goes through here: the API
 * (queued, cancelled), the scheduler (sent, failed, no_channel, cancelled on opt-out), receipts
 * and inbound processing. Pass the row as it is after the change.
 */
@Injectable()
export class MessageEventsWriter {
  constructor(private readonly outbox: Outbox) {}

  /** Returns whether an event was written (none for the internal `sending`). */
  async appendFor(manager: EntityManager, row: MessageEntity): Promise<boolean> {
    const type = messageEventType(row.status);
    if (!type) return false;
    await this.outbox.append(manager, newEvent(type, { companyId: row.companyId, subject: row.id, data: messageEventData(row) }));
    return true;
  }
}
