import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CompanyScopedSql, openTransactionOf, StatementBuilder, type StatementParams, type UnnestColumns } from '@suite/database';
import { AppError } from '@suite/http';
import type { ContactEntity } from '../contacts/contact.entity';
import type { ContactForSend } from '../contacts/contacts.service';
import type { SenderProvider } from '../carrier/carrier.port';
import { decideContactPin, poolNumberFor } from './pin-decision';
import type { PinChangeReason } from './sender-pin-change.entity';

/** What pinFor reads: the pin's state and the pool, as read with the contact's lock. */
export type PinnableContact = Omit<ContactForSend, 'created'>;

export const NO_SENDER_NUMBER =
  'This workspace has no active sender number: add a sender number to its pool (POST /internal/workspaces/{company_id}/sender-numbers ' +
  'or `npm run -s admin -- add-sender-number`) before sending.';

/** The columns of a pin write (`pins_wanted`). */
const PIN_COLUMNS: UnnestColumns<PinChange> = {
  company_id: ['bigint', (change) => change.contact.companyId],
  phone: ['text', (change) => change.contact.phone],
  number: ['text', (change) => change.number],
  previous: ['text', (change) => change.contact.pinnedFromNumber],
  reason: ['text', (change) => change.reason],
};

/**
 * The pin writes as data-modifying CTEs over the changes a statement is run with (PIN_COLUMNS, as
 * array parameters from `params`): set the (locked) contacts' pins and record each change. PIN
 * runs them alone; a batch of sends runs them inside its message insert (insertOutboundMessages),
 * one round trip for both. PostgreSQL runs every data-modifying CTE to completion whether or not
 * the main statement reads it.
 */
export function pinWritesCtes(params: StatementParams<readonly PinChange[]>): string {
  return `pins_wanted AS (
     SELECT * FROM ${params.unnest('w', PIN_COLUMNS)}
   ), pins_set AS (
     UPDATE messaging.contacts c SET pinned_from_number = w.number, updated_at = now()
       FROM pins_wanted w
      WHERE c.company_id = w.company_id AND c.phone = w.phone
      RETURNING c.company_id, c.phone, w.number, w.previous, w.reason
   ), pins_logged AS (
     INSERT INTO messaging.sender_pin_changes (company_id, contact_phone, previous_number, number, reason)
     SELECT company_id, phone, previous, number, reason FROM pins_set
   )`;
}

/** After the pin writes ran: each contact's pinnedFromNumber becomes its number. */
export function notePinned(changes: readonly PinChange[]): void {
  for (const change of changes) change.contact.pinnedFromNumber = change.number;
}

/** Sets (locked) contacts' pins and records each change: one statement for any number of them. */
const PIN = StatementBuilder.define<readonly PinChange[]>(
  'contacts_pin',
  (params) => `WITH ${pinWritesCtes(params)} SELECT count(*) FROM pins_set`,
  'messaging',
);

/** A pin to write: the contact (locked by the caller), its new number, and why it changed. */
export interface PinChange {
  readonly contact: Pick<ContactEntity, 'companyId' | 'phone' | 'pinnedFromNumber'>;
  readonly number: string;
  readonly reason: PinChangeReason;
}

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
  async pinFor(manager: EntityManager, contact: PinnableContact): Promise<string> {
    // The pin's state and the pool were read with the contact's lock (ContactsService.lockForSend).
    const decision = decideContactPin(contact);
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

  /**
   * Sticky sender across providers: the conversation's number of `provider` — the last one of that
   * provider it was pinned to, if still active, else the pool's by the usual hash over that
   * provider's active numbers. Null when the workspace has no active number of that provider.
   */
  async numberOfProvider(
    manager: EntityManager,
    companyId: string,
    contactPhone: string,
    provider: SenderProvider,
  ): Promise<string | null> {
    const [row] = await CompanyScopedSql.of(manager, companyId).rows<{ pool: string[]; last_pinned: string | null }>(
      `SELECT ARRAY(SELECT number FROM messaging.sender_numbers
                     WHERE company_id = $1 AND status = 'active' AND provider = $3 ORDER BY number) AS pool,
              (SELECT p.number FROM messaging.sender_pin_changes p
                 JOIN messaging.sender_numbers n ON n.number = p.number AND n.company_id = p.company_id
                WHERE p.company_id = $1 AND p.contact_phone = $2 AND n.status = 'active' AND n.provider = $3
                ORDER BY p.created_at DESC, p.id DESC LIMIT 1) AS last_pinned`,
      [contactPhone, provider],
    );
    return row!.last_pinned ?? poolNumberFor(contactPhone, row!.pool);
  }

  /** Pins `number` to the (locked) contact's conversation and records the change. */
  async pin(
    manager: EntityManager,
    contact: Pick<ContactEntity, 'companyId' | 'phone' | 'pinnedFromNumber'>,
    number: string,
    reason: PinChangeReason,
  ): Promise<void> {
    await this.pinAll(manager, [{ contact, number, reason }]);
  }

  /** pin() for many (locked) contacts at once (a batch of sends); each contact's pinnedFromNumber becomes its number. */
  async pinAll(manager: EntityManager, changes: readonly PinChange[]): Promise<void> {
    if (changes.length === 0) return;
    await PIN.run(openTransactionOf(manager, 'sender-pinning.service'), changes);
    notePinned(changes);
  }
}
