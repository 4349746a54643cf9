import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '@suite/runtime';
import { ContactEntity } from './contact.entity';

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
   * FOR UPDATE until the caller's transaction ends: sends to one contact serialise here, so the
   * opt-out check and the sender pin are decided on the latest committed state.
   */
  async lockForSend(manager: EntityManager, companyId: string, phone: string, firstName: string | null): Promise<ContactEntity> {
    await manager.createQueryBuilder().insert().into(ContactEntity).values({ companyId, phone, firstName }).orIgnore().execute();
    return manager.getRepository(ContactEntity).findOneOrFail({ where: { companyId, phone }, lock: { mode: 'pessimistic_write' } });
  }
}
