import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PreparedStatement } from '@suite/eventing';
import { AppError } from '@suite/runtime';
import type { ContactEntity } from '../contacts/contact.entity';
import type { ContactForSend } from '../contacts/contacts.service';
import { transactionRunner } from '../shared/transaction-runner';
import { decidePin } from './pin-decision';
import type { PinChangeReason } from './sender-pin-change.entity';

export const NO_SENDER_NUMBER =
  'This workspace has no active sender number: add a sender number to its pool (POST /internal/workspaces/{company_id}/sender-numbers ' +
  'or `npm run -s admin -- add-sender-number`) before sending.';

/** Sets the (locked) contact's pin and records the change: one statement. */
const PIN = new PreparedStatement(
  'contact_pin',
  `WITH pinned AS (
     UPDATE messaging.contacts SET pinned_from_number = $3, updated_at = now()
      WHERE company_id = $1 AND phone = $2
      RETURNING company_id, phone
   )
   INSERT INTO messaging.sender_pin_changes (company_id, contact_phone, previous_number, number, reason)
   SELECT company_id, phone, $4, $3, $5 FROM pinned`,
  'messaging',
);

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
    // The pin's state and the pool were read with the contact's lock (ContactsService.lockForSend).
    const decision = decidePin(
      { number: contact.pinnedFromNumber, active: contact.pinnedFromNumber !== null && contact.pinnedNumberActive },
      contact.phone,
      contact.activeNumbers,
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
    await PIN.run(transactionRunner(manager), [contact.companyId, contact.phone, number, contact.pinnedFromNumber, reason]);
    contact.pinnedFromNumber = number;
  }
}
