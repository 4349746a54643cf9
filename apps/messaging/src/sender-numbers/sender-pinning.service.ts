import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppError } from '@suite/runtime';
import { ContactEntity } from '../contacts/contact.entity';
import type { ContactForSend } from '../contacts/contacts.service';
import { decidePin, type PoolNumber } from './pin-decision';
import { SenderPinChangeEntity, type PinChangeReason } from './sender-pin-change.entity';

export const NO_SENDER_NUMBER =
  'This workspace has no active sender number: add a sender number to its pool (POST /internal/workspaces/{company_id}/sender-numbers ' +
  'or `npm run -s admin -- add-sender-number`) before sending.';

/**
 * Gives a conversation its sender number. Call it inside the send transaction with the contact
 * row locked FOR UPDATE: that lock is what makes concurrent first messages to one contact pin one
 * number (the second waits, then sees the first one's pin).
 *
 * The pool rows are not locked: a number removed while a send commits can still be pinned for
 * that message, exactly as it can be removed while messages to it wait in the queue — the
 * scheduler re-checks the number at hand-off in both cases. Locking the pool on every send would
 * serialise a workspace's sends on its few number rows.
 */
@Injectable()
export class SenderPinningService {
  async pinFor(manager: EntityManager, contact: ContactForSend): Promise<string> {
    // Read with the contact's lock (ContactsService.lockForSend): no query of its own on the common path.
    const active = contact.pinnedFromNumber !== null && contact.pinnedNumberActive;
    const decision = decidePin(
      { number: contact.pinnedFromNumber, active },
      active ? [] : await this.pool(manager, contact.companyId),
    );
    switch (decision.kind) {
      case 'keep':
        return decision.number;
      case 'no_number':
        throw new AppError('conflict', NO_SENDER_NUMBER);
      case 'pin':
        await this.pin(manager, contact, decision.number, decision.reason);
        return decision.number;
    }
  }

  /** Pins `number` to the (locked) contact's conversation and records the change. */
  async pin(manager: EntityManager, contact: Pick<ContactEntity, 'companyId' | 'phone' | 'pinnedFromNumber'>, number: string, reason: PinChangeReason): Promise<void> {
    await manager.getRepository(ContactEntity).update({ companyId: contact.companyId, phone: contact.phone }, { pinnedFromNumber: number });
    await manager.getRepository(SenderPinChangeEntity).insert({
      companyId: contact.companyId,
      contactPhone: contact.phone,
      previousNumber: contact.pinnedFromNumber,
      number,
      reason,
    });
    contact.pinnedFromNumber = number;
  }

  private async pool(manager: EntityManager, companyId: string): Promise<PoolNumber[]> {
    const rows: Array<{ number: string; pinned: number }> = await manager.query(
      `SELECT n.number, count(c.phone)::int AS pinned
         FROM messaging.sender_numbers n
         LEFT JOIN messaging.contacts c ON c.company_id = n.company_id AND c.pinned_from_number = n.number
        WHERE n.company_id = $1 AND n.status = 'active'
        GROUP BY n.number`,
      [companyId],
    );
    return rows.map((row) => ({ number: row.number, pinnedConversations: row.pinned }));
  }
}
