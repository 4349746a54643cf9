import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { Outbox, type NewEvent, type OutboxStatementPart } from '@suite/eventing';
import { StatementBuilder, type BuiltStatement, type StatementParams, type UnnestColumns } from '@suite/database';
import { contactKey } from '../contacts/contact-key';
import type { ContactForSend } from '../contacts/contacts.service';
import { MessageEventsWriter } from './message-events.writer';
import type { MessageEntity } from './message.entity';
import { insertOutboundSql } from './outbound-message.insert';
import type { QueuedSend, SendBatchPlan } from './send-batch-plan';

/** One contact a planned batch writes to: what it was decided on, and the number its sends use. */
interface ContactWrite {
  readonly companyId: string;
  readonly phone: string;
  /** Stored only when the statement creates the contact. */
  readonly firstName: string | null;
  /** Absent when read: the statement creates it (and writes nothing to it if someone else did first). */
  readonly isNew: boolean;
  /** The pinned number it was read with (null: none). */
  readonly previous: string | null;
  /** The sender number its sends use. */
  readonly number: string;
  /** Why the pin changes; null when it keeps `previous`. */
  readonly reason: string | null;
}

/** The columns of `wanted`: one row per contact the batch writes to. */
const WANTED_COLUMNS: UnnestColumns<ContactWrite> = {
  company_id: ['bigint', (write) => write.companyId],
  phone: ['text', (write) => write.phone],
  first_name: ['text', (write) => write.firstName],
  is_new: ['boolean', (write) => write.isNew],
  previous: ['text', (write) => write.previous],
  number: ['text', (write) => write.number],
  reason: ['text', (write) => write.reason],
};

/**
 * The contact writes as CTEs over the ContactWrites a statement is run with (WANTED_COLUMNS, as
 * array parameters from `params`). Each contact is written only if it is still as it was read,
 * re-checked under the row's lock:
 * - `created`: a new contact, inserted with its pin; DO NOTHING when a concurrent send created it
 *   first (the insert waits for that one to commit, then skips the row).
 * - `repinned`: an existing contact whose pin changes (first message, or the number left the
 *   pool), updated only while not opted out and still pinned as read.
 * - `kept`: an existing contact that keeps its pin, locked FOR SHARE (sends to one contact run
 *   side by side; an opt-out or a pin change waits for them, and they for it) only while not opted
 *   out and still pinned as read. Under READ COMMITTED both re-evaluate their WHERE against a row
 *   a concurrent transaction changed, so a contact opted out since the read drops out here.
 * `written` is every contact that passed; only its messages and their events are written.
 */
function contactWritesCtes(params: StatementParams<readonly ContactWrite[]>): string {
  return `
  wanted AS (
    SELECT * FROM ${params.unnest('w', WANTED_COLUMNS)}
  ), created AS (
    INSERT INTO messaging.contacts (company_id, phone, first_name, pinned_from_number)
    SELECT company_id, phone, first_name, number FROM wanted WHERE is_new ORDER BY company_id, phone
    ON CONFLICT (company_id, phone) DO NOTHING
    RETURNING company_id, phone
  ), repinned AS (
    UPDATE messaging.contacts c SET pinned_from_number = w.number, updated_at = now()
      FROM wanted w
     WHERE NOT w.is_new AND w.reason IS NOT NULL AND c.company_id = w.company_id AND c.phone = w.phone
       AND NOT c.opted_out AND c.pinned_from_number IS NOT DISTINCT FROM w.previous
    RETURNING c.company_id, c.phone
  ), kept AS (
    SELECT c.company_id, c.phone
      FROM messaging.contacts c JOIN wanted w ON c.company_id = w.company_id AND c.phone = w.phone
     WHERE NOT w.is_new AND w.reason IS NULL AND NOT c.opted_out AND c.pinned_from_number = w.number
       FOR SHARE OF c
  ), written AS (
    SELECT company_id, phone FROM created UNION ALL SELECT company_id, phone FROM repinned UNION ALL SELECT company_id, phone FROM kept
  ), pins_logged AS (
    INSERT INTO messaging.sender_pin_changes (company_id, contact_phone, previous_number, number, reason)
    SELECT w.company_id, w.phone, w.previous, w.number, w.reason FROM wanted w JOIN written USING (company_id, phone) WHERE w.reason IS NOT NULL
  )`;
}

/** What one run of the statement writes. */
interface BatchWrite {
  readonly contacts: readonly ContactWrite[];
  readonly messages: readonly MessageEntity[];
  readonly events: readonly NewEvent[];
}

/**
 * Writes a planned batch of sends (planSendBatch on ContactsService.readAllForSend) in one
 * statement, outside any transaction: the contacts (created, re-pinned or share-locked), the pin
 * changes, the queued messages and their `message.queued` events (the outbox insert as a CTE).
 * One statement is atomic on its own, so a message exists with its event or not at all. Together
 * with the read it is two round trips for a batch, where the locking transaction takes five
 * (decision 0019).
 *
 * It answers the contacts it wrote. A contact that changed between the read and the write (opted
 * out, re-pinned, created by a concurrent send) is left out with its messages and their events:
 * the caller decides those sends again under the contact's lock.
 */
@Injectable()
export class SendBatchWriter {
  private readonly statement: BuiltStatement<BatchWrite>;
  private readonly outbox: OutboxStatementPart;

  constructor(
    outbox: Outbox,
    private readonly events: MessageEventsWriter,
  ) {
    // Each part allocates its own parameters from the one builder; none knows the others' count.
    const builder = new StatementBuilder<BatchWrite>();
    const contacts = contactWritesCtes(builder.of((batch) => batch.contacts));
    const messages = insertOutboundSql(
      builder.of((batch) => batch.messages),
      'SELECT company_id, phone FROM written',
    );
    this.outbox = outbox.statementPart(
      builder.of((batch) => batch.events),
      { cteName: 'events_written', onlySubjectsIn: 'SELECT id::text AS subject FROM messages_written' },
    );
    this.statement = builder.prepare(
      'send_batch_write',
      `WITH ${contacts},
       messages_written AS (${messages} RETURNING id),
       ${this.outbox.sql}
       SELECT company_id, phone FROM written`,
      'messaging',
    );
  }

  /** Runs the statement on `runner`'s connection (no transaction open there); answers the contactKeys it wrote. */
  async write(
    runner: QueryRunner,
    sends: readonly QueuedSend[],
    plan: SendBatchPlan,
    contacts: ReadonlyMap<string, ContactForSend>,
  ): Promise<Set<string>> {
    if (plan.messages.length === 0) return new Set();
    const events = this.events.eventsFor(plan.messages, plan.traceparents);
    const { rows } = await this.statement.run<{ company_id: string; phone: string }>(runner, {
      contacts: contactWrites(sends, plan, contacts),
      messages: plan.messages,
      events,
    });
    const written = new Set(rows.map((row) => contactKey(String(row.company_id), row.phone)));
    const writtenIds = new Set(
      plan.messages
        .filter((message) => written.has(contactKey(message.companyId, message.contactPhone)))
        .map((message) => message.id),
    );
    this.outbox.noteAppended(events.filter((event) => writtenIds.has(event.envelope.subject)));
    return written;
  }
}

/** One ContactWrite per contact the plan queues a message to, first name from its first send. */
function contactWrites(
  sends: readonly QueuedSend[],
  plan: SendBatchPlan,
  contacts: ReadonlyMap<string, ContactForSend>,
): ContactWrite[] {
  const firstNames = new Map<string, string | null>();
  for (const { companyId, input } of sends) {
    const key = contactKey(companyId, input.to);
    if (!firstNames.has(key)) firstNames.set(key, input.firstName);
  }
  const pins = new Map(plan.pins.map((pin) => [contactKey(pin.contact.companyId, pin.contact.phone), pin]));
  const writes = new Map<string, ContactWrite>();
  for (const message of plan.messages) {
    const key = contactKey(message.companyId, message.contactPhone);
    if (writes.has(key)) continue;
    const contact = contacts.get(key);
    if (!contact) throw new Error(`SendBatchWriter: contact ${key} was not read`);
    writes.set(key, {
      companyId: contact.companyId,
      phone: contact.phone,
      firstName: firstNames.get(key) ?? null,
      isNew: contact.created,
      previous: contact.pinnedFromNumber,
      number: message.fromNumber!,
      reason: pins.get(key)?.reason ?? null,
    });
  }
  return [...writes.values()];
}
