import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { PreparedStatement } from '@suite/eventing';
import { AppError } from '@suite/runtime';
import { transactionRunner } from '../shared/transaction-runner';
import { ContactEntity } from './contact.entity';

/**
 * What a send decides on: the opt-out state and the sticky sender; whether that number is still
 * in the pool and, when it is not (or there is none yet), the workspace's active numbers to pin from.
 */
export type ContactForSend = Pick<ContactEntity, 'companyId' | 'phone' | 'optedOut' | 'pinnedFromNumber'> & {
  pinnedNumberActive: boolean;
  /** Sorted; empty when the pinned number is active (nothing to choose). */
  activeNumbers: string[];
};

/**
 * The contact created when new and locked (see lockForSend). On a conflict the no-op DO UPDATE
 * waits for a concurrent creator to commit, then locks the row it returns — FOR UPDATE strength,
 * since it names a key column — and leaves every value as it was. `pin_pool` is null while the
 * pinned number is active; otherwise it lists the active numbers the pin is chosen from.
 */
const LOCK_FOR_SEND = new PreparedStatement(
  'contact_lock_for_send',
  `INSERT INTO messaging.contacts AS c (company_id, phone, first_name) VALUES ($1, $2, $3)
   ON CONFLICT (company_id, phone) DO UPDATE SET phone = c.phone
   RETURNING c.opted_out, c.pinned_from_number,
             CASE WHEN EXISTS (SELECT 1 FROM messaging.sender_numbers n
                                WHERE n.number = c.pinned_from_number AND n.company_id = c.company_id AND n.status = 'active')
                  THEN NULL
                  ELSE ARRAY(SELECT n.number FROM messaging.sender_numbers n
                              WHERE n.company_id = c.company_id AND n.status = 'active' ORDER BY n.number)
             END AS pin_pool`,
  'messaging',
);

/** Messaging's phone-level contacts of a workspace; every call takes the company id. */
@Injectable()
export class ContactsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(companyId: string, phone: string): Promise<ContactEntity> {
    const contact = await this.dataSource.getRepository(ContactEntity).findOneBy({ companyId, phone });
    if (!contact) throw new AppError('not_found', `No contact ${phone} in this workspace.`);
    return contact;
  }

  /**
   * The contact a send goes to, created when new (first_name is stored only then) and locked
   * until the caller's transaction ends: sends to one contact serialise here, so the opt-out check
   * and the sender pin are decided on the latest committed state. One statement (a prepared one)
   * that also returns what pinning needs, so a send asks nothing else before writing its message
   * (decision 0011 §15).
   */
  async lockForSend(manager: EntityManager, companyId: string, phone: string, firstName: string | null): Promise<ContactForSend> {
    const { rows } = await LOCK_FOR_SEND.run<{ opted_out: boolean; pinned_from_number: string | null; pin_pool: string[] | null }>(
      transactionRunner(manager),
      [companyId, phone, firstName],
    );
    const row = rows[0]!;
    return {
      companyId,
      phone,
      optedOut: row.opted_out,
      pinnedFromNumber: row.pinned_from_number,
      pinnedNumberActive: row.pin_pool === null,
      activeNumbers: row.pin_pool ?? [],
    };
  }
}
