import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { applyStatusEvent } from '@suite/message-status';
import { ContactEntity } from '../contacts/contact.entity';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity, MESSAGES_TABLE } from '../messages/message.entity';

/** failure_reason (and the event's `reason`) of a message cancelled because its contact opted out. */
export const OPTED_OUT = 'opted_out';

/**
 * Opt-out and opt-in of a contact (by inbound keyword, or the carrier's word). The caller holds
 * the contact's row lock (the one every send takes), so an opt-out and a concurrent POST
 * /v1/messages serialise: the send either sees the opt-out (403) or commits first and its message
 * is cancelled by cancelPending.
 *
 * The scheduler locks message rows first and the contact last (its claim's pin, the hand-off's
 * last_outbound_at), so an opt-out holding the contact must never WAIT for a message row: that
 * deadlocked. optOut cancels in its own transaction the pending messages no one holds (SKIP LOCKED:
 * the common case, so the confirmation queued next is the conversation's head); the caller then
 * calls cancelPending once it committed, which waits, without the contact, for the rows a claim or
 * a hand-off held and cancels those not handed over. Nothing is sent in between: the claim refuses
 * an opted-out contact's message (release-claimer.ts).
 */
@Injectable()
export class OptOutService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly messageEvents: MessageEventsWriter,
  ) {}

  /**
   * Opts the contact out and cancels the pending messages no one holds; returns how many. The
   * caller calls cancelPending once its transaction committed, for the ones a claim or hand-off held.
   */
  async optOut(manager: EntityManager, contact: ContactEntity, keyword: string, at: Date): Promise<number> {
    await manager
      .getRepository(ContactEntity)
      .update(
        { companyId: contact.companyId, phone: contact.phone },
        { optedOut: true, optedOutAt: at, optedOutKeyword: keyword },
      );
    await this.appendChange(manager, 'contact.opted_out', contact, keyword, at);
    return this.cancelPendingIn(manager, contact, 'SKIP LOCKED');
  }

  async optIn(manager: EntityManager, contact: ContactEntity, keyword: string, at: Date): Promise<void> {
    await manager
      .getRepository(ContactEntity)
      .update({ companyId: contact.companyId, phone: contact.phone }, { optedOut: false, optedInAt: at });
    await this.appendChange(manager, 'contact.opted_in', contact, keyword, at);
  }

  /**
   * After an opt-out committed, in a transaction of its own that holds no contact lock: every
   * outbound message to the contact that the carrier does not have yet — queued, or claimed
   * (`sending`) but not handed over — ends `cancelled` (reason `opted_out`). The rows are locked
   * first: the scheduler holds a message's lock while it hands it over, so this waits for that
   * hand-off, and PostgreSQL re-checks the WHERE on the row as committed — a message handed over
   * meanwhile drops out. A message is thus either sent or cancelled, never both. The service's own
   * auto-replies (`bypass_opt_out`: the opt-out confirmation) are spared. Returns how many.
   */
  cancelPending(contact: { companyId: string; phone: string }): Promise<number> {
    return this.dataSource.transaction((manager) => this.cancelPendingIn(manager, contact, 'wait'));
  }

  private async cancelPendingIn(
    manager: EntityManager,
    contact: { companyId: string; phone: string },
    locked: 'wait' | 'SKIP LOCKED',
  ): Promise<number> {
    const pending: Array<{ id: string }> = await manager.query(
      `SELECT id FROM messaging.messages
        WHERE company_id = $1 AND contact_phone = $2 AND direction = 'outbound'
          AND status IN ('queued', 'sending') AND handed_over_at IS NULL AND NOT bypass_opt_out
        ORDER BY id
        FOR UPDATE${locked === 'SKIP LOCKED' ? ' SKIP LOCKED' : ''}`,
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
