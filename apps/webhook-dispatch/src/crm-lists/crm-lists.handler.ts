import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { CompanyScopedSql, entityTable } from '@suite/database';
import { OnEvent } from '@suite/eventing';
import { ContactReplicaEntity } from './contact-replica.entity';
import { ListMembershipChangeEntity } from './list-membership-change.entity';
import { ListReplicaEntity } from './list-replica.entity';

/**
 * Keeps webhook-dispatch's read model of the CRM's lists from the platform's events (decision
 * 0036): the lists and whose they are (platform.list.v1), who joined or left which list and when,
 * and the contacts' numbers and deletions (platform.contact.v1). Every fact is dated by its event;
 * a row never moves to another company.
 */
@Injectable()
export class CrmListsHandler {
  constructor(private readonly dataSource: DataSource) {}

  @OnEvent('list.created')
  async listCreated({ data }: DomainEvent<'list.created'>, manager: EntityManager): Promise<void> {
    await CompanyScopedSql.of(manager, data.company_id).run(
      `INSERT INTO ${this.lists} (id, company_id, deleted_at) VALUES ($2, $1, NULL) ON CONFLICT (id) DO NOTHING`,
      [data.id],
    );
  }

  @OnEvent('list.deleted')
  async listDeleted({ data, occurred_at }: DomainEvent<'list.deleted'>, manager: EntityManager): Promise<void> {
    await CompanyScopedSql.of(manager, data.company_id).run(
      `INSERT INTO ${this.lists} AS l (id, company_id, deleted_at) VALUES ($2, $1, $3)
       ON CONFLICT (id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at WHERE l.company_id = $1`,
      [data.id, occurred_at],
    );
  }

  @OnEvent('list.contacts_added')
  async contactsAdded({ data, occurred_at }: DomainEvent<'list.contacts_added'>, manager: EntityManager): Promise<void> {
    await this.record(manager, data.company_id, data.id, data.contact_ids, occurred_at, true);
  }

  @OnEvent('list.contact_removed')
  async contactRemoved({ data, occurred_at }: DomainEvent<'list.contact_removed'>, manager: EntityManager): Promise<void> {
    await this.record(manager, data.company_id, data.id, [data.contact_id], occurred_at, false);
  }

  @OnEvent('crm_contact.created', 'crm_contact.updated')
  async contactSaved(
    { data, occurred_at }: DomainEvent<'crm_contact.created' | 'crm_contact.updated'>,
    manager: EntityManager,
  ): Promise<void> {
    await CompanyScopedSql.of(manager, data.company_id).run(
      `INSERT INTO ${this.contacts} AS c (id, company_id, phone, deleted_at) VALUES ($2, $1, $3, NULL)
       ON CONFLICT (id) DO UPDATE SET phone = EXCLUDED.phone WHERE c.company_id = $1`,
      [data.id, data.phone],
    );
    // A contact created on lists: crm_contact.created says which (list.contacts_added says it again, later or sooner).
    for (const listId of 'list_ids' in data ? (data.list_ids ?? []) : []) {
      await this.record(manager, data.company_id, listId, [data.id], occurred_at, true);
    }
  }

  @OnEvent('crm_contact.deleted')
  async contactDeleted({ data, occurred_at }: DomainEvent<'crm_contact.deleted'>, manager: EntityManager): Promise<void> {
    await CompanyScopedSql.of(manager, data.company_id).run(
      `INSERT INTO ${this.contacts} AS c (id, company_id, phone, deleted_at) VALUES ($2, $1, NULL, $3)
       ON CONFLICT (id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at WHERE c.company_id = $1`,
      [data.id, occurred_at],
    );
  }

  /** An erased contact keeps its id here (memberships are dated facts), not its number. */
  @OnEvent('crm_contact.erased')
  async contactErased({ data }: DomainEvent<'crm_contact.erased'>, manager: EntityManager): Promise<void> {
    await CompanyScopedSql.of(manager, data.company_id).run(
      `UPDATE ${this.contacts} SET phone = NULL WHERE company_id = $1 AND id = $2`,
      [data.id],
    );
  }

  private async record(
    manager: EntityManager,
    companyId: string,
    listId: string,
    contactIds: readonly string[],
    at: string,
    joined: boolean,
  ): Promise<void> {
    await CompanyScopedSql.of(manager, companyId).run(
      `INSERT INTO ${this.changes} (list_id, contact_id, at, joined, company_id)
       SELECT $2, contact_id, $3, $4, $1 FROM unnest($5::bigint[]) AS c(contact_id)
       ON CONFLICT DO NOTHING`,
      [listId, at, joined, contactIds],
    );
  }

  private get lists(): string {
    return entityTable(this.dataSource, ListReplicaEntity);
  }

  private get contacts(): string {
    return entityTable(this.dataSource, ContactReplicaEntity);
  }

  private get changes(): string {
    return entityTable(this.dataSource, ListMembershipChangeEntity);
  }
}
