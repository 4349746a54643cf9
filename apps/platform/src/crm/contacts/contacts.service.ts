import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, ILike, In, IsNull, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { CrmContactSnapshotData } from '@suite/contracts';
import { newEvent, Outbox, type NewEvent } from '@suite/eventing';
import { AppError, type PageRequest } from '@suite/http';
import { ListsService, type ContactRef } from '../lists/lists.service';
import { PipelineEntity } from '../pipelines/pipeline.entity';
import { assertCompanyReferences, numericIds } from '../../shared/company-references';
import { PipelineContactEntity } from '../pipelines/pipeline-contact.entity';
import { PipelinePlacements } from '../pipelines/pipeline-placements';
import { PipelineStageEntity } from '../pipelines/pipeline-stage.entity';
import { assertAssignable } from '../../directory';
import { contactSnapshot } from './contact-events';
import type { ContactTagWrites } from './contact-tag-writes';
import { CONTACT_NOT_FOUND, ContactEntity } from '../contact.entity';

/**
 * A change's events: `crm_contact.updated` with the contact's snapshot, and `crm_contact.tags_added`
 * when it gained tags (the workflows' `tag_added` trigger).
 */
function changeEvents(
  companyId: string,
  before: ContactEntity,
  after: ContactEntity,
  snapshot: CrmContactSnapshotData,
  changedBy: string | null,
): NewEvent[] {
  const events: NewEvent[] = [newEvent('crm_contact.updated', { companyId, subject: after.id, data: snapshot })];
  const added = after.tags.filter((tag) => !before.tags.includes(tag));
  if (added.length > 0) {
    events.push(
      newEvent('crm_contact.tags_added', {
        companyId,
        subject: after.id,
        data: { id: after.id, company_id: companyId, added_tags: added, tags: after.tags, changed_by: changedBy },
      }),
    );
  }
  return events;
}

/** The editable fields of a contact; `undefined` = not sent (kept on update). */
export interface ContactInput {
  firstName?: string;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
  source?: string | null;
  assignedTo?: string | null;
  tags?: string[];
  customFields?: Record<string, unknown>;
}

/** Where a new contact is placed: a stage of a pipeline (both decoded ids). */
export interface ContactPlacementInput {
  pipelineId: string;
  stageId: string;
}

/** A contact's place in one pipeline, as the contact's answer shows it. */
export interface ContactPlacement {
  pipelineId: string;
  pipelineName: string;
  stageId: string;
  stageName: string;
  pipeStageId: string;
}

/**
 * The CRM's contacts (leads) of a company. Every change is one transaction with its event
 * (`crm_contact.*`) and, for a placement, its stage change (PipelinePlacements); list memberships
 * are the lists feature's (ListsService). References in a body (the assigned user, the pipeline and
 * stage, the lists) that name nothing of the company are 422 by field.
 */
@Injectable()
export class ContactsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly placements: PipelinePlacements,
    private readonly lists: ListsService,
    private readonly outbox: Outbox,
  ) {}

  /** `lists`: the lists it is created on (the lists a webhook limited to one checks a lead against). */
  create(
    companyId: string,
    input: ContactInput & { firstName: string },
    placement: ContactPlacementInput | null,
    changedBy: string | null,
    lists: ContactRef[] = [],
  ): Promise<ContactEntity> {
    return this.dataSource.transaction(async (manager) => {
      if (input.assignedTo) await assertAssignable(manager, companyId, input.assignedTo);
      if (placement) await this.assertStageOfPipeline(manager, companyId, placement);
      const listIds = await this.lists.lockListsOf(manager, companyId, lists);
      const contacts = CompanyScopedRepository.of(manager, ContactEntity, companyId);
      const contact = await contacts.save(
        contacts.create({
          firstName: input.firstName,
          lastName: input.lastName ?? null,
          phone: input.phone ?? null,
          email: input.email ?? null,
          source: input.source ?? null,
          assignedTo: input.assignedTo ?? null,
          tags: input.tags ?? [],
          customFields: input.customFields ?? {},
        }),
      );
      await this.outbox.append(
        manager,
        newEvent('crm_contact.created', {
          companyId,
          subject: contact.id,
          data: { ...contactSnapshot(contact, changedBy), list_ids: listIds },
        }),
      );
      await this.lists.addNewContactIn(manager, companyId, contact.id, listIds, changedBy);
      if (placement) await this.placements.moveLocked(manager, companyId, contact, placement.stageId, changedBy);
      return contact;
    });
  }

  async get(companyId: string, id: string): Promise<{ contact: ContactEntity; placements: ContactPlacement[] }> {
    const contact = await CompanyScopedRepository.of(this.dataSource, ContactEntity, companyId).findOneBy({
      id,
      deletedAt: IsNull(),
    });
    if (!contact) throw new AppError('not_found', CONTACT_NOT_FOUND);
    return { contact, placements: await this.placementsOfContact(companyId, contact.id) };
  }

  /** The pipelines a contact is in, and its stage in each. */
  async placementsOfContact(companyId: string, contactId: string): Promise<ContactPlacement[]> {
    return (await this.placementsOf(companyId, [contactId])).get(contactId) ?? [];
  }

  /** Newest first; `search` matches part of the first or last name, the phone or the email. */
  async list(
    companyId: string,
    search: string | undefined,
    page: PageRequest,
  ): Promise<{ contacts: ContactEntity[]; placements: Map<string, ContactPlacement[]>; total: number }> {
    const live = { deletedAt: IsNull() };
    const term = search?.trim();
    const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where: Array<FindOptionsWhere<ContactEntity>> = pattern
      ? [
          { ...live, firstName: ILike(pattern) },
          { ...live, lastName: ILike(pattern) },
          { ...live, phone: ILike(pattern) },
          { ...live, email: ILike(pattern) },
        ]
      : [live];
    const [contacts, total] = await CompanyScopedRepository.of(this.dataSource, ContactEntity, companyId).findAndCount({
      where,
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
    return {
      contacts,
      total,
      placements: await this.placementsOf(
        companyId,
        contacts.map((contact) => contact.id),
      ),
    };
  }

  /** Replaces the fields sent; publishes `crm_contact.updated` when anything changed. */
  update(companyId: string, id: string, input: ContactInput, changedBy: string | null): Promise<ContactEntity> {
    return this.dataSource.transaction((manager) => this.updateIn(manager, companyId, id, input, changedBy));
  }

  /**
   * `update` in the caller's transaction (a workflow step tagging or assigning a contact): the
   * contact locked, changed, and its events appended with the caller's other writes. Tags the
   * contact did not have also raise `crm_contact.tags_added` (the workflows' `tag_added` trigger).
   */
  async updateIn(
    manager: EntityManager,
    companyId: string,
    id: string,
    input: ContactInput,
    changedBy: string | null,
  ): Promise<ContactEntity> {
    return this.updateLocked(manager, companyId, await this.lock(manager, companyId, id), input, changedBy);
  }

  /**
   * `updateIn` for a contact the caller's transaction already holds locked (a workflow step's).
   * With `emit`, the contact's events go to the caller, who appends them with its own writes.
   */
  async updateLocked(
    manager: EntityManager,
    companyId: string,
    contact: ContactEntity,
    input: ContactInput,
    changedBy: string | null,
    emit?: (event: NewEvent) => void,
  ): Promise<ContactEntity> {
    const contacts = CompanyScopedRepository.of(manager, ContactEntity, companyId);
    const reassigned = input.assignedTo !== undefined && input.assignedTo !== contact.assignedTo;
    if (reassigned && input.assignedTo) await assertAssignable(manager, companyId, input.assignedTo);
    const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as ContactInput;
    const changed: ContactEntity = { ...contact, ...values };
    if (JSON.stringify(changed) === JSON.stringify(contact)) return contact;
    // One UPDATE … RETURNING: `save` would read the row again first, and this transaction holds it locked.
    const [row] = await contacts.updateReturning({ id: contact.id }, values as QueryDeepPartialEntity<ContactEntity>, [
      'updatedAt',
    ]);
    const saved: ContactEntity = { ...changed, updatedAt: row!.updatedAt };
    if (reassigned) await this.placements.reassignLocked(manager, companyId, contact.id, saved.assignedTo);
    const events = changeEvents(companyId, contact, saved, contactSnapshot(saved, changedBy), changedBy);
    // One statement for both, in this order.
    if (emit) events.forEach(emit);
    else await this.outbox.append(manager, events);
    return saved;
  }

  /**
   * The tags of a contact the caller's transaction holds locked (a workflow step's), replaced
   * without a statement of its own: the change joins `writes`, written with the others before the
   * caller's events (ContactTagWrites.write, one UPDATE for many contacts), and its events go to
   * `emit` now, in order with the caller's — their snapshot's `updated_at` is filled in by that
   * write. Answers the contact as it will be (the caller's later steps take it instead of a read),
   * or `contact` itself when the tags are the same.
   */
  retagLocked(
    companyId: string,
    contact: ContactEntity,
    tags: string[],
    changedBy: string | null,
    emit: (event: NewEvent) => void,
    writes: ContactTagWrites,
  ): ContactEntity {
    if (JSON.stringify(tags) === JSON.stringify(contact.tags)) return contact;
    const saved: ContactEntity = { ...contact, tags };
    const snapshot = contactSnapshot(saved, changedBy);
    writes.add(saved, snapshot);
    changeEvents(companyId, contact, saved, snapshot, changedBy).forEach(emit);
    return saved;
  }

  /**
   * Deletes the contact: it leaves its pipelines (each recorded) and lists; its row stays, marked
   * deleted, so counts already reported and its appointments keep their lead.
   */
  delete(companyId: string, id: string, changedBy: string | null): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const contact = await this.lock(manager, companyId, id);
      await this.deleteLocked(manager, companyId, contact, changedBy);
    });
  }

  /** `delete` of a contact the caller's transaction holds locked (an erasure deletes a live contact first). */
  async deleteLocked(manager: EntityManager, companyId: string, contact: ContactEntity, changedBy: string | null): Promise<Date> {
    await this.placements.removeLocked(manager, companyId, contact.id, changedBy);
    await this.lists.removeDeletedContactIn(manager, companyId, contact.id, changedBy);
    const deletedAt = new Date();
    await CompanyScopedRepository.of(manager, ContactEntity, companyId).update({ id: contact.id }, { deletedAt });
    await this.outbox.append(
      manager,
      newEvent('crm_contact.deleted', {
        companyId,
        subject: contact.id,
        data: { id: contact.id, company_id: companyId, deleted_at: deletedAt.toISOString(), changed_by: changedBy },
      }),
    );
    return deletedAt;
  }

  private async lock(manager: EntityManager, companyId: string, id: string): Promise<ContactEntity> {
    const contact = await CompanyScopedRepository.of(manager, ContactEntity, companyId).findOne({
      where: { id, deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!contact) throw new AppError('not_found', CONTACT_NOT_FOUND);
    return contact;
  }

  private async placementsOf(companyId: string, contactIds: string[]): Promise<Map<string, ContactPlacement[]>> {
    const byContact = new Map<string, ContactPlacement[]>();
    if (contactIds.length === 0) return byContact;
    const entries = await CompanyScopedRepository.of(this.dataSource, PipelineContactEntity, companyId).find({
      where: { contactId: In(contactIds) },
      relations: { pipeline: true, stage: true },
      order: { id: 'ASC' },
    });
    for (const entry of entries) {
      const list = byContact.get(entry.contactId) ?? [];
      list.push({
        pipelineId: entry.pipelineId,
        pipelineName: entry.pipeline!.name,
        stageId: entry.stageId,
        stageName: entry.stage!.stageName,
        pipeStageId: entry.id,
      });
      byContact.set(entry.contactId, list);
    }
    return byContact;
  }

  /**
   * Decision 0042: `pipeline_id` a pipeline and `stage_id` a stage of the company (422 naming each
   * that is not), then the stage one of that pipeline. Not locked here: moveLocked locks the stage
   * in id order with the others, and a pipeline deleted meanwhile is its 404.
   */
  private async assertStageOfPipeline(
    manager: EntityManager,
    companyId: string,
    placement: ContactPlacementInput,
  ): Promise<void> {
    const found = await assertCompanyReferences(manager, companyId, {
      pipeline_id: { entity: PipelineEntity, noun: 'a pipeline', ids: numericIds([placement.pipelineId]), lock: 'none' },
      stage_id: { entity: PipelineStageEntity, noun: 'a stage', ids: numericIds([placement.stageId]), lock: 'none' },
    });
    if (found.stage_id[0]!.pipelineId !== placement.pipelineId) {
      throw new AppError('unprocessable', 'stage_id must be a stage of pipeline_id.', {
        stage_id: ['not a stage of the pipeline named by pipeline_id'],
      });
    }
  }
}
