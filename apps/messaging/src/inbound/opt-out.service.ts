import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { applyStatusEvent } from '@suite/message-status';
import { ContactEntity } from '../contacts/contact.entity';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity, MESSAGES_TABLE } from '../messages/message.entity';

/** failure_reason (and the event's `reason`) of a message cancelled because its contact opted out. */
export const OPTED_OUT = 'opted_out';

/**
 * Opt-out and opt-in of a contact (by inbound keyword). The caller holds the contact's row lock
 * (the one every send takes), so an opt-out and a concurrent POST /v1/messages serialise: the
 * send either sees the opt-out (403) or commits first and its message is cancelled here.
 */
@Injectable()
export class OptOutService {
  constructor(
    private readonly outbox: Outbox,
    private readonly messageEvents: MessageEventsWriter,
  ) {}

  /** Opts the contact out and cancels its pending outbound messages; returns how many were cancelled. */
  async optOut(manager: EntityManager, contact: ContactEntity, keyword: string, at: Date): Promise<number> {
    await manager
      .getRepository(ContactEntity)
      .update(
        { companyId: contact.companyId, phone: contact.phone },
        { optedOut: true, optedOutAt: at, optedOutKeyword: keyword },
      );
    await this.appendChange(manager, 'contact.opted_out', contact, keyword, at);
    return this.cancelPending(manager, contact);
  }

  async optIn(manager: EntityManager, contact: ContactEntity, keyword: string, at: Date): Promise<void> {
    await manager
      .getRepository(ContactEntity)
      .update({ companyId: contact.companyId, phone: contact.phone }, { optedOut: false, optedInAt: at });
    await this.appendChange(manager, 'contact.opted_in', contact, keyword, at);
  }

  /**
   * Every outbound message to the contact that the carrier does not have yet — queued, or
   * claimed (`sending`) but not handed over — ends `cancelled` (reason `opted_out`). The rows are
   * locked first: the scheduler holds a message's lock while it hands it over, so this waits for
   * that hand-off, and PostgreSQL re-checks the WHERE on the row as committed — a message handed
   * over meanwhile drops out. A message is thus either sent or cancelled, never both.
   * The service's own auto-replies (`bypass_opt_out`: the opt-out confirmation) are spared.
   */
  private async cancelPending(manager: EntityManager, contact: ContactEntity): Promise<number> {
    const pending: Array<{ id: string }> = await manager.query(
      `SELECT id FROM messaging.messages
        WHERE company_id = $1 AND contact_phone = $2 AND direction = 'outbound'
          AND status IN ('queued', 'sending') AND handed_over_at IS NULL AND NOT bypass_opt_out
        ORDER BY id
        FOR UPDATE`,
      [contact.companyId, contact.phone],
    );
    const cancelled: string[] = [];
    for (const { id } of pending) {
      const outcome = await applyStatusEvent(manager, {
        table: MESSAGES_TABLE,
        id,
        event: 'cancel',
        set: { failure_reason: OPTED_OUT },
      });
      if (outcome.applied) cancelled.push(id);
    }
    if (cancelled.length === 0) return 0;
    for (const row of await manager.getRepository(MessageEntity).findBy({ id: In(cancelled) }))
      await this.messageEvents.appendFor(manager, row);
    return cancelled.length;
  }

  private async appendChange(
    manager: EntityManager,
    type: 'contact.opted_out' | 'contact.opted_in',
    contact: ContactEntity,
    keyword: string,
    at: Date,
  ): Promise<void> {
    await this.outbox.append(
      manager,
      newEvent(type, {
        companyId: contact.companyId,
        subject: `${contact.companyId}:${contact.phone}`,
        data: { company_id: contact.companyId, phone: contact.phone, keyword, at: at.toISOString() },
      }),
    );
  }
}
