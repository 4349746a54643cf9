import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newEvent, Outbox, type NewEvent } from '@suite/eventing';
import { isErasedPhone } from '../erasure/messaging-erasure';
import { messageEventData, messageEventType } from './message-event-data';
import type { MessageEntity } from './message.entity';

/**
 * Appends the event for a message's current status to the outbox, in the caller's transaction
 * (the one that changed the status). Every writer of message statuses goes through here: the API
 * (queued, cancelled), the scheduler (sent, failed, no_channel, cancelled on opt-out), receipts
 * and inbound processing. Pass the row as it is after the change. An erased contact's messages
 * are not announced (decision 0050).
 */
@Injectable()
export class MessageEventsWriter {
  constructor(private readonly outbox: Outbox) {}

  /** Returns whether an event was written (none for the internal `sending`). */
  async appendFor(manager: EntityManager, row: MessageEntity): Promise<boolean> {
    return (await this.appendForAll(manager, [row])) === 1;
  }

  /**
   * appendFor for many rows in one outbox statement (a batch of sends), in their order; returns
   * how many events were written. `traceparents[i]`, when given, is row i's trace (its caller's,
   * not the batch's); otherwise the current trace applies.
   */
  async appendForAll(
    manager: EntityManager,
    rows: readonly MessageEntity[],
    traceparents?: ReadonlyArray<string | null>,
  ): Promise<number> {
    const events = this.eventsFor(rows, traceparents);
    if (events.length > 0) await this.outbox.append(manager, events);
    return events.length;
  }

  /** The events appendForAll would write for these rows, for a statement that writes them itself (Outbox.statementPart). */
  eventsFor(rows: readonly MessageEntity[], traceparents?: ReadonlyArray<string | null>): NewEvent[] {
    const events: NewEvent[] = [];
    rows.forEach((row, index) => {
      const type = messageEventType(row.status);
      // A late change of an erased contact's message (a receipt after the erasure) stays silent:
      // it would carry no number to the dashboard and the webhooks, and the figures stay as they were.
      if (type && !isErasedPhone(row.contactPhone))
        events.push(
          newEvent(type, {
            companyId: row.companyId,
            subject: row.id,
            data: messageEventData(row),
            traceparent: traceparents?.[index],
          }),
        );
    });
    return events;
  }
}
