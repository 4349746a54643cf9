import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '@suite/runtime';
import { ContactEntity } from './contact.entity';

/** What a send decides on: the opt-out state and the sticky sender, and whether that number is still in the pool. */
export type ContactForSend = Pick<ContactEntity, 'companyId' | 'phone' | 'optedOut' | 'pinnedFromNumber'> & { pinnedNumberActive: boolean };

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
   * and the sender pin are decided on the latest committed state.
   *
   * One statement (it was INSERT … DO NOTHING, then SELECT … FOR UPDATE): on a conflict the
   * no-op DO UPDATE waits for a concurrent creator to commit, then locks the row it returns —
   * FOR UPDATE strength, since it names a key column — exactly what the SELECT did, one round
   * trip sooner (decision 0011, send path). It leaves every value as it was. It also reads whether
   * the pinned number is still active in the pool, which SenderPinningService would otherwise ask
   * in a query of its own on every send.
   */
  async lockForSend(manager: EntityManager, companyId: string, phone: string, firstName: string | null): Promise<ContactForSend> {
    const [row] = (await manager.query(
      `INSERT INTO messaging.contacts AS c (company_id, phone, first_name) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, phone) DO UPDATE SET phone = c.phone
       RETURNING c.company_id AS "companyId", c.phone, c.opted_out AS "optedOut", c.pinned_from_number AS "pinnedFromNumber",
                 EXISTS (SELECT 1 FROM messaging.sender_numbers n
                          WHERE n.number = c.pinned_from_number AND n.company_id = c.company_id AND n.status = 'active') AS "pinnedNumberActive"`,
      [companyId, phone, firstName],
    )) as ContactForSend[];
    return row!;
  }
}
