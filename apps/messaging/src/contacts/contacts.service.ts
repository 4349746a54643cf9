import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { CompanyScopedRepository, openTransactionOf, PreparedStatement } from '@suite/database';
import { AppError } from '@suite/http';
import { contactKey } from './contact-key';
import { ContactEntity } from './contact.entity';

/**
 * What a send decides on: the opt-out state and the sticky sender; whether that number is still
 * in the pool and, when it is not (or there is none yet), the workspace's active numbers to pin from.
 */
export type ContactForSend = Pick<ContactEntity, 'companyId' | 'phone' | 'optedOut' | 'pinnedFromNumber'> & {
  pinnedNumberActive: boolean;
  /** Sorted; empty when the pinned number is active (nothing to choose). */
  activeNumbers: string[];
  /**
   * lockAllForSend: created by its statement (it did not exist before the caller's transaction).
   * readAllForSend: absent when read (a send would create it).
   */
  created: boolean;
};

/** A contact to create when new and lock; `firstName` is stored only when it is created. */
export interface ContactToLock {
  readonly companyId: string;
  readonly phone: string;
  readonly firstName: string | null;
}

/** What a pin is decided on when the contact's pinned number is not active (null while it is); shared by both reads. */
const PIN_POOL_SQL = (companyId: string, pinned: string) => `
   CASE WHEN EXISTS (SELECT 1 FROM messaging.sender_numbers n
                      WHERE n.number = ${pinned} AND n.company_id = ${companyId} AND n.status = 'active')
        THEN NULL
        ELSE ARRAY(SELECT n.number FROM messaging.sender_numbers n
                    WHERE n.company_id = ${companyId} AND n.status = 'active' ORDER BY n.number)
   END AS pin_pool`;

/**
 * The opt-out an erased contact left behind (decision 0050): a number whose contact was erased
 * while opted out is found by its keyed hash, so a contact made again for it — by a send or an
 * inbound text — starts opted out, and a send to it is refused as before the erasure.
 */
const ERASED_OPT_OUT_JOIN = `LEFT JOIN messaging.erased_opt_outs e
       ON e.company_id = i.company_id AND e.phone_hash = messaging.opt_out_hash(i.company_id, i.phone)`;

/** The same, as a condition: COALESCE evaluates it only for a number without a contact (the send path's hot read). */
const ERASED_OPT_OUT_EXISTS = `EXISTS (SELECT 1 FROM messaging.erased_opt_outs e
       WHERE e.company_id = i.company_id AND e.phone_hash = messaging.opt_out_hash(i.company_id, i.phone))`;

/**
 * The contacts created when new and locked (see lockAllForSend), in (company_id, phone) order so
 * that transactions locking several contacts always take them in the same order and never deadlock
 * on each other. On a conflict the no-op DO UPDATE waits for a concurrent creator to commit, then
 * locks the row it returns — FOR UPDATE strength, since it names a key column — and leaves every
 * value as it was. `xmax = 0` only on a row this statement inserted. `pin_pool` is null while the
 * pinned number is active; otherwise it lists the active numbers the pin is chosen from.
 */
const LOCK_FOR_SEND = new PreparedStatement(
  'contacts_lock_for_send',
  `INSERT INTO messaging.contacts AS c (company_id, phone, first_name, opted_out, opted_out_at, opted_out_keyword)
   SELECT i.company_id, i.phone, i.first_name, e.phone_hash IS NOT NULL, e.opted_out_at, e.keyword
     FROM unnest($1::bigint[], $2::text[], $3::text[]) AS i(company_id, phone, first_name)
     ${ERASED_OPT_OUT_JOIN}
    ORDER BY i.company_id, i.phone
   ON CONFLICT (company_id, phone) DO UPDATE SET phone = c.phone
   RETURNING c.company_id, c.phone, c.opted_out, c.pinned_from_number, (c.xmax = 0) AS created,
             ${PIN_POOL_SQL('c.company_id', 'c.pinned_from_number')}`,
  'messaging',
);

/**
 * The same answers as LOCK_FOR_SEND without creating or locking anything: the first round trip of
 * the send path's one-statement write (SendBatchWriter), which re-checks under lock what it was
 * decided on. A contact that does not exist comes back with `created` true (a send would create it).
 */
const READ_FOR_SEND = new PreparedStatement(
  'contacts_read_for_send',
  `SELECT i.company_id, i.phone, coalesce(c.opted_out, ${ERASED_OPT_OUT_EXISTS}) AS opted_out, c.pinned_from_number, (c.phone IS NULL) AS created,
          ${PIN_POOL_SQL('i.company_id', 'c.pinned_from_number')}
     FROM unnest($1::bigint[], $2::text[]) AS i(company_id, phone)
     LEFT JOIN messaging.contacts c ON c.company_id = i.company_id AND c.phone = i.phone`,
  'messaging',
);

/** Removes contacts this transaction created (xmax = 0 above) and then found nothing to keep them for. */
const DELETE_CREATED = new PreparedStatement(
  'contacts_delete_created',
  `DELETE FROM messaging.contacts c
    USING unnest($1::bigint[], $2::text[]) AS i(company_id, phone)
    WHERE c.company_id = i.company_id AND c.phone = i.phone`,
  'messaging',
);

interface ContactForSendRow {
  company_id: string;
  phone: string;
  opted_out: boolean;
  pinned_from_number: string | null;
  created: boolean;
  pin_pool: string[] | null;
}

/** Messaging's phone-level contacts of a workspace; every call takes the company id. */
@Injectable()
export class ContactsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(companyId: string, phone: string): Promise<ContactEntity> {
    const contact = await CompanyScopedRepository.of(this.dataSource, ContactEntity, companyId).findOneBy({ phone });
    if (!contact) throw new AppError('not_found', `No contact ${phone} in this workspace.`);
    return contact;
  }

  /**
   * The contact a send goes to, created when new (first_name is stored only then) and locked
   * until the caller's transaction ends: sends to one contact serialise here, so the opt-out check
   * and the sender pin are decided on the latest committed state.
   */
  async lockForSend(manager: EntityManager, companyId: string, phone: string, firstName: string | null): Promise<ContactForSend> {
    const locked = await this.lockAllForSend(manager, [{ companyId, phone, firstName }]);
    return locked.get(contactKey(companyId, phone))!;
  }

  /**
   * lockForSend for a batch of sends (group commit): one statement, which also returns what
   * pinning needs, so a batch asks nothing else before writing its messages (decision 0011 §15).
   * A contact named twice is created with the first one's first name. Keyed by contactKey.
   */
  async lockAllForSend(manager: EntityManager, contacts: readonly ContactToLock[]): Promise<Map<string, ContactForSend>> {
    const wanted = uniqueContacts(contacts);
    const { rows } = await LOCK_FOR_SEND.run<ContactForSendRow>(openTransactionOf(manager, 'contacts.service'), [
      wanted.map((contact) => contact.companyId),
      wanted.map((contact) => contact.phone),
      wanted.map((contact) => contact.firstName),
    ]);
    return contactsForSend(rows);
  }

  /**
   * What lockAllForSend answers, read on `runner`'s connection without creating or locking
   * anything (its own statement, outside any transaction): the send path decides on it and its
   * one-statement write re-checks it under lock (SendBatchWriter). Keyed by contactKey.
   */
  async readAllForSend(
    runner: QueryRunner,
    contacts: ReadonlyArray<Pick<ContactToLock, 'companyId' | 'phone'>>,
  ): Promise<Map<string, ContactForSend>> {
    const wanted = uniqueContacts(contacts);
    const { rows } = await READ_FOR_SEND.run<ContactForSendRow>(runner, [
      wanted.map((contact) => contact.companyId),
      wanted.map((contact) => contact.phone),
    ]);
    return contactsForSend(rows);
  }

  /**
   * Deletes contacts the caller's transaction created and that no send of it kept (each of their
   * sends was refused): a refused request leaves nothing behind, not even its contact.
   */
  async deleteCreated(
    manager: EntityManager,
    contacts: ReadonlyArray<Pick<ContactForSend, 'companyId' | 'phone' | 'created'>>,
  ): Promise<void> {
    const created = contacts.filter((contact) => contact.created);
    if (created.length === 0) return;
    await DELETE_CREATED.run(openTransactionOf(manager, 'contacts.service'), [
      created.map((contact) => contact.companyId),
      created.map((contact) => contact.phone),
    ]);
  }
}

/** Each contact once, the first mention kept (a contact named twice is created with the first one's first name). */
function uniqueContacts<T extends Pick<ContactToLock, 'companyId' | 'phone'>>(contacts: readonly T[]): T[] {
  const unique = new Map<string, T>();
  for (const contact of contacts) {
    const key = contactKey(contact.companyId, contact.phone);
    if (!unique.has(key)) unique.set(key, contact);
  }
  return [...unique.values()];
}

function contactsForSend(rows: readonly ContactForSendRow[]): Map<string, ContactForSend> {
  const contacts = new Map<string, ContactForSend>();
  for (const row of rows) {
    const companyId = String(row.company_id);
    contacts.set(contactKey(companyId, row.phone), {
      companyId,
      phone: row.phone,
      optedOut: row.opted_out,
      pinnedFromNumber: row.pinned_from_number,
      pinnedNumberActive: row.pin_pool === null,
      activeNumbers: row.pin_pool ?? [],
      created: row.created,
    });
  }
  return contacts;
}
