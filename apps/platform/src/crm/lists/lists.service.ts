import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import { ContactEntity } from '../contact.entity';
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
 * lock) is never added back behind its deletion. Every change is announced on platform.list.v1 in
 * its transaction (`list.*`): webhook-dispatch keeps who is on which list from them (decision 0036).
 */
@Injectable()
export class ListsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  create(companyId: string, name: string, contacts: ContactRef[], changedBy: string | null = null): Promise<ListWithCount> {
    return this.dataSource.transaction(async (manager) => {
      const contactIds = await this.lockContacts(manager, companyId, contacts);
      const lists = CompanyScopedRepository.of(manager, ContactListEntity, companyId);
      const list = await lists.save(lists.create({ name }));
      await this.outbox.append(
        manager,
        newEvent('list.created', {
          companyId,
          subject: list.id,
          data: { id: list.id, company_id: companyId, name, changed_by: changedBy },
        }),
      );
      await this.addMembers(manager, companyId, list.id, contactIds, changedBy);
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
  addContacts(
    companyId: string,
    listId: string,
    contacts: ContactRef[],
    changedBy: string | null = null,
  ): Promise<ListWithCount> {
    return this.dataSource.transaction(async (manager) => {
      const list = await this.lockList(manager, companyId, listId);
      const contactIds = await this.lockContacts(manager, companyId, contacts);
      await this.addMembers(manager, companyId, list.id, contactIds, changedBy);
      return { list, contactsCount: (await this.countMembers(manager, [list.id])).get(list.id) ?? 0 };
    });
  }

  /** Adds one live contact in the caller's transaction (a workflow step); already on the list changes nothing. */
  async addContactIn(manager: EntityManager, companyId: string, listId: string, contactId: string): Promise<void> {
    const list = await this.lockList(manager, companyId, listId);
    const ids = await this.lockContacts(manager, companyId, [{ id: contactId, sent: contactId }]);
    await this.addMembers(manager, companyId, list.id, ids, null);
  }

  /**
   * The distinct lists named, each a list of the company, share-locked in id order so none is
   * deleted before the caller's transaction ends; any that names none (undecodable, another
   * company's, unknown) is 422 naming them as sent.
   */
  async lockListsOf(manager: EntityManager, companyId: string, lists: ContactRef[]): Promise<string[]> {
    const ids = [...new Set(lists.flatMap((list) => (list.id ? [list.id] : [])))];
    const found = ids.length
      ? await CompanyScopedRepository.of(manager, ContactListEntity, companyId).find({
          select: { id: true },
          where: { id: In(ids) },
          order: { id: 'ASC' },
          lock: { mode: 'pessimistic_read' },
        })
      : [];
    const known = new Set(found.map((list) => list.id));
    const unknown = [...new Set(lists.filter((list) => !list.id || !known.has(list.id)).map((list) => list.sent))];
    if (unknown.length) {
      throw new AppError('unprocessable', 'list_ids must be lists of the company.', {
        list_ids: [`not lists of the company: ${unknown.join(', ')}`],
      });
    }
    return ids;
  }

  /** Puts a contact being created on lists locked by lockListsOf, in its transaction. */
  async addNewContactIn(
    manager: EntityManager,
    companyId: string,
    contactId: string,
    listIds: string[],
    changedBy: string | null,
  ): Promise<void> {
    for (const listId of listIds) await this.addMembers(manager, companyId, listId, [contactId], changedBy);
  }

  removeContact(companyId: string, listId: string, contactId: string, changedBy: string | null = null): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const list = await this.lockList(manager, companyId, listId);
      const { affected } = await members(manager).delete({ listId: list.id, contactId });
      if (!affected) throw new AppError('not_found', NOT_ON_LIST);
      await this.outbox.append(manager, contactRemoved(companyId, list.id, contactId, changedBy));
    });
  }

  /**
   * Takes a contact being deleted off every list, in its transaction (the caller holds the
   * contact's row lock), each removal announced like one through the API.
   */
  async removeDeletedContactIn(
    manager: EntityManager,
    companyId: string,
    contactId: string,
    changedBy: string | null,
  ): Promise<void> {
    const removed: Array<{ list_id: string }> = await members(manager)
      .createQueryBuilder()
      .delete()
      .where('contact_id = :contactId', { contactId })
      .returning('list_id')
      .execute()
      .then((result) => result.raw as Array<{ list_id: string }>);
    const listIds = removed.map((row) => String(row.list_id)).sort((a, b) => Number(a) - Number(b));
    await this.outbox.append(
      manager,
      listIds.map((listId) => contactRemoved(companyId, listId, contactId, changedBy)),
    );
  }

  /** Deletes the list; its memberships go with it (cascade), the contacts stay. */
  delete(companyId: string, listId: string, changedBy: string | null = null): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const list = await this.lockList(manager, companyId, listId);
      await CompanyScopedRepository.of(manager, ContactListEntity, companyId).delete({ id: list.id });
      await this.outbox.append(
        manager,
        newEvent('list.deleted', {
          companyId,
          subject: list.id,
          data: { id: list.id, company_id: companyId, changed_by: changedBy },
        }),
      );
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

  /** Puts the contacts on the list; those not on it before are announced (`list.contacts_added`). */
  private async addMembers(
    manager: EntityManager,
    companyId: string,
    listId: string,
    contactIds: string[],
    changedBy: string | null,
  ): Promise<void> {
    if (contactIds.length === 0) return;
    const inserted = await members(manager)
      .createQueryBuilder()
      .insert()
      .values(contactIds.map((contactId) => ({ listId, contactId })))
      .orIgnore()
      .returning('contact_id')
      .execute();
    const added = (inserted.raw as Array<{ contact_id: string }>).map((row) => String(row.contact_id));
    if (added.length === 0) return;
    await this.outbox.append(
      manager,
      newEvent('list.contacts_added', {
        companyId,
        subject: listId,
        data: { id: listId, company_id: companyId, contact_ids: added, changed_by: changedBy },
      }),
    );
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

const contactRemoved = (companyId: string, listId: string, contactId: string, changedBy: string | null) =>
  newEvent('list.contact_removed', {
    companyId,
    subject: listId,
    data: { id: listId, company_id: companyId, contact_id: contactId, changed_by: changedBy },
  });
