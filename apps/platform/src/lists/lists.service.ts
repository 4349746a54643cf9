import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { AppError, CompanyScopedRepository, unscopedRepository } from '@suite/runtime';
import { ContactEntity } from '../contacts/contact.entity';
import { ContactListMemberEntity } from './contact-list-member.entity';
import { ContactListEntity } from './contact-list.entity';

export const LIST_NOT_FOUND = 'List not found.';
export const NOT_ON_LIST = 'Contact is not on the list.';

export interface ListWithCount {
  list: ContactListEntity;
  contactsCount: number;
}

/** A contact id of a request: as sent (to name it back) and decoded (null when it decodes to nothing). */
export interface ContactRef {
  sent: string;
  id: string | null;
}

const members = (source: DataSource | EntityManager) => unscopedRepository(source, ContactListMemberEntity);

/**
 * The company's selection lists of contacts. Members are only read or written through a list
 * found in the company. Contacts put on a list are live contacts of the company, share-locked
 * while they are added, so a contact being deleted (which takes it off every list under its row
 * lock) is never added back behind its deletion.
 */
@Injectable()
export class ListsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  create(companyId: string, name: string, contacts: ContactRef[]): Promise<ListWithCount> {
    return this.dataSource.transaction(async (manager) => {
      const contactIds = await this.lockContacts(manager, companyId, contacts);
      const lists = CompanyScopedRepository.of(manager, ContactListEntity, companyId);
      const list = await lists.save(lists.create({ name }));
      await this.addMembers(manager, list.id, contactIds);
      return { list, contactsCount: contactIds.length };
    });
  }

  /** Every list of the company, oldest first, with its contact count. */
  async list(companyId: string): Promise<ListWithCount[]> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const lists = await CompanyScopedRepository.of(manager, ContactListEntity, companyId).find({ order: { id: 'ASC' } });
      const counts = await this.countMembers(
        manager,
        lists.map((list) => list.id),
      );
      return lists.map((list) => ({ list, contactsCount: counts.get(list.id) ?? 0 }));
    });
  }

  /** Adds contacts; those already on the list and repeats are ignored. */
  addContacts(companyId: string, listId: string, contacts: ContactRef[]): Promise<ListWithCount> {
    return this.dataSource.transaction(async (manager) => {
      const list = await this.lockList(manager, companyId, listId);
      const contactIds = await this.lockContacts(manager, companyId, contacts);
      await this.addMembers(manager, list.id, contactIds);
      return { list, contactsCount: (await this.countMembers(manager, [list.id])).get(list.id) ?? 0 };
    });
  }

  /** Adds one live contact in the caller's transaction (a workflow step); already on the list changes nothing. */
  async addContactIn(manager: EntityManager, companyId: string, listId: string, contactId: string): Promise<void> {
    const list = await this.lockList(manager, companyId, listId);
    const ids = await this.lockContacts(manager, companyId, [{ id: contactId, sent: contactId }]);
    await this.addMembers(manager, list.id, ids);
  }

  removeContact(companyId: string, listId: string, contactId: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const list = await this.lockList(manager, companyId, listId);
      const { affected } = await members(manager).delete({ listId: list.id, contactId });
      if (!affected) throw new AppError('not_found', NOT_ON_LIST);
    });
  }

  /** Deletes the list; its memberships go with it (cascade), the contacts stay. */
  delete(companyId: string, listId: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const list = await this.lockList(manager, companyId, listId);
      await CompanyScopedRepository.of(manager, ContactListEntity, companyId).delete({ id: list.id });
    });
  }

  private async lockList(manager: EntityManager, companyId: string, listId: string): Promise<ContactListEntity> {
    const list = await CompanyScopedRepository.of(manager, ContactListEntity, companyId).findOne({
      where: { id: listId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!list) throw new AppError('not_found', LIST_NOT_FOUND);
    return list;
  }

  /**
   * The distinct contact ids named, each a live contact of the company, share-locked in id order;
   * any that names none (undecodable, another company's, deleted, unknown) is 422 naming them as sent.
   */
  private async lockContacts(manager: EntityManager, companyId: string, contacts: ContactRef[]): Promise<string[]> {
    const ids = [...new Set(contacts.flatMap((contact) => (contact.id ? [contact.id] : [])))];
    const found = ids.length
      ? await CompanyScopedRepository.of(manager, ContactEntity, companyId).find({
          select: { id: true },
          where: { id: In(ids), deletedAt: IsNull() },
          order: { id: 'ASC' },
          lock: { mode: 'pessimistic_read' },
        })
      : [];
    const live = new Set(found.map((contact) => contact.id));
    const unknown = [
      ...new Set(contacts.filter((contact) => !contact.id || !live.has(contact.id)).map((contact) => contact.sent)),
    ];
    if (unknown.length) {
      throw new AppError('unprocessable', 'contact_ids must be contacts of the company.', {
        contact_ids: [`not contacts of the company: ${unknown.join(', ')}`],
      });
    }
    return ids;
  }

  private async addMembers(manager: EntityManager, listId: string, contactIds: string[]): Promise<void> {
    if (contactIds.length === 0) return;
    await members(manager)
      .createQueryBuilder()
      .insert()
      .values(contactIds.map((contactId) => ({ listId, contactId })))
      .orIgnore()
      .execute();
  }

  private async countMembers(manager: EntityManager, listIds: string[]): Promise<Map<string, number>> {
    if (listIds.length === 0) return new Map();
    const counts: Array<{ list_id: string; count: string }> = await members(manager)
      .createQueryBuilder('member')
      .select('member.list_id', 'list_id')
      .addSelect('COUNT(*)', 'count')
      .where('member.list_id IN (:...ids)', { ids: listIds })
      .groupBy('member.list_id')
      .getRawMany();
    return new Map(counts.map((row) => [String(row.list_id), Number(row.count)]));
  }
}
