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
 * The pending messages are cancelled AFTER the opt-out commits, in a transaction of their own
 * (cancelPending): the scheduler locks message rows first and the contact last (its claim's pin,
 * the hand-off's last_outbound_at), so an opt-out that waited for message rows while holding the
 * contact deadlocked with it. Nothing is sent in between: the claim refuses an opted-out contact's
 * message (release-claimer.ts), and a message already claimed is cancelled here once its claim or
 * hand-off commits, unless it was handed over — as before.
 */
@Injectable()
export class OptOutService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly messageEvents: MessageEventsWriter,
  ) {}

  /** Opts the contact out (the caller then calls cancelPending once its transaction committed). */
  async optOut(manager: EntityManager, contact: ContactEntity, keyword: string, at: Date): Promise<void> {
    await manager
      .getRepository(ContactEntity)
      .update(
        { companyId: contact.companyId, phone: contact.phone },
        { optedOut: true, optedOutAt: at, optedOutKeyword: keyword },
      );
    await this.appendChange(manager, 'contact.opted_out', contact, keyword, at);
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
    return this.dataSource.transaction((manager) => this.cancelPendingIn(manager, contact));
  }

  private async cancelPendingIn(manager: EntityManager, contact: { companyId: string; phone: string }): Promise<number> {
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
