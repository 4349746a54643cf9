import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import type { ContactEntity } from '../contact.entity';
import { PipelineContactEntity } from './pipeline-contact.entity';
import { PipelineStageEntity } from './pipeline-stage.entity';
import { StageChangeEntity, type StageChangeReason } from './stage-change.entity';

export const STAGE_NOT_FOUND = 'Stage not found.';

/** What a move did, with the counts of both stages as the move's transaction commits them. */
export interface StageMove {
  pipeStageId: string;
  pipelineId: string;
  contactId: string;
  oldStageId: string | null;
  newStageId: string;
  oldStageCount: number | null;
  newStageCount: number;
}

/**
 * Where contacts stand in pipelines, and every change of it: placing, moving, and taking a contact
 * out (deleted). Each change runs in the caller's transaction with the contact's row locked by the
 * caller; the stages it touches are locked here, in id order (decision 0032), so their
 * `contactsCount` moves with the rows and concurrent moves never deadlock. Every change is
 * recorded (StageChangeEntity) and a placement or move is published (`pipeline.contact_moved`).
 */
@Injectable()
export class PipelinePlacements {
  constructor(private readonly outbox: Outbox) {}

  /**
   * Puts a locked contact in `stageId`: moved from its stage in that pipeline, or placed in the
   * pipeline when not in it yet. A stage outside the company is 404. Moving to the stage it is in
   * changes nothing and answers the counts.
   */
  async moveLocked(
    manager: EntityManager,
    companyId: string,
    contact: Pick<ContactEntity, 'id' | 'assignedTo'>,
    stageId: string,
    changedBy: string | null,
  ): Promise<StageMove> {
    const stages = CompanyScopedRepository.of(manager, PipelineStageEntity, companyId);
    const entries = CompanyScopedRepository.of(manager, PipelineContactEntity, companyId);
    const target = await stages.findOne({ select: { id: true, pipelineId: true }, where: { id: stageId } });
    if (!target) throw new AppError('not_found', STAGE_NOT_FOUND);
    const before = await entries.findOne({ where: { contactId: contact.id, pipelineId: target.pipelineId } });

    // Locked stages: the place read above can no longer change (its contact is locked too, and a
    // pipeline deletion needs these stages); if a deletion won the race, the target is gone.
    const locked = await this.lockStages(manager, companyId, [target.id, ...(before ? [before.stageId] : [])]);
    if (!locked.has(target.id) || (before && !locked.has(before.stageId))) throw new AppError('not_found', STAGE_NOT_FOUND);

    if (before && before.stageId === target.id) {
      const count = locked.get(target.id)!.contactsCount;
      return this.result(before, target.id, target.id, count, count);
    }

    const oldStageId = before?.stageId ?? null;
    const counts = await this.shift(manager, companyId, oldStageId, target.id);
    let placed: PipelineContactEntity;
    if (before) {
      await entries.update({ id: before.id }, { stageId: target.id });
      placed = { ...before, stageId: target.id };
    } else {
      placed = await entries.save(
        entries.create({
          pipelineId: target.pipelineId,
          stageId: target.id,
          contactId: contact.id,
          assignedTo: contact.assignedTo,
        }),
      );
    }
    const reason: StageChangeReason = oldStageId ? 'moved' : 'placed';
    await this.record(manager, companyId, [
      { contactId: contact.id, pipelineId: target.pipelineId, fromStageId: oldStageId, toStageId: target.id, reason, changedBy },
    ]);
    await this.outbox.append(
      manager,
      newEvent('pipeline.contact_moved', {
        companyId,
        subject: contact.id,
        data: {
          company_id: companyId,
          contact_id: contact.id,
          pipeline_id: target.pipelineId,
          pipe_stage_id: placed.id,
          from_stage_id: oldStageId,
          to_stage_id: target.id,
          reason,
          changed_by: changedBy,
          moved_at: new Date().toISOString(),
        },
      }),
    );
    return this.result(placed, oldStageId, target.id, oldStageId ? counts.get(oldStageId)! : null, counts.get(target.id)!);
  }

  /** Takes a locked contact out of every pipeline (it is being deleted); recorded, published with the contact's deletion. */
  async removeLocked(manager: EntityManager, companyId: string, contactId: string, changedBy: string | null): Promise<void> {
    const entries = CompanyScopedRepository.of(manager, PipelineContactEntity, companyId);
    const current = await entries.find({ select: { id: true, stageId: true }, where: { contactId } });
    if (current.length === 0) return;
    await this.lockStages(
      manager,
      companyId,
      current.map((entry) => entry.stageId),
    );
    // Locked stages: no pipeline deletion can remove these rows now; read them again under the lock.
    const held = await entries.find({ where: { contactId }, lock: { mode: 'pessimistic_write' } });
    if (held.length === 0) return;
    // One place per pipeline, so each stage loses one contact.
    await CompanyScopedRepository.of(manager, PipelineStageEntity, companyId).update(
      { id: In(held.map((entry) => entry.stageId)) },
      { contactsCount: () => 'contacts_count - 1' },
    );
    await entries.delete({ contactId });
    await this.record(
      manager,
      companyId,
      held.map((entry) => ({
        contactId,
        pipelineId: entry.pipelineId,
        fromStageId: entry.stageId,
        toStageId: null,
        reason: 'contact_deleted' as const,
        changedBy,
      })),
    );
  }

  /** The contact's new assignee, copied to its places (the lists filter by it). */
  async reassignLocked(manager: EntityManager, companyId: string, contactId: string, assignedTo: string | null): Promise<void> {
    await CompanyScopedRepository.of(manager, PipelineContactEntity, companyId).update({ contactId }, { assignedTo });
  }

  /** Locks the stages (FOR UPDATE, in id order); the ones that exist, by id. */
  async lockStages(manager: EntityManager, companyId: string, stageIds: string[]): Promise<Map<string, PipelineStageEntity>> {
    const rows = await CompanyScopedRepository.of(manager, PipelineStageEntity, companyId).find({
      where: { id: In([...new Set(stageIds)]) },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return new Map(rows.map((stage) => [stage.id, stage]));
  }

  /**
   * One contact out of `from` and into `to` (either may be null), on locked stage rows, in one
   * statement that answers both stages' counts as this transaction leaves them.
   */
  private async shift(
    manager: EntityManager,
    companyId: string,
    from: string | null,
    to: string | null,
  ): Promise<Map<string, number>> {
    const ids = [from, to].filter((id): id is string => id !== null);
    if (ids.length === 0) return new Map();
    const rows = await CompanyScopedRepository.of(manager, PipelineStageEntity, companyId).updateReturning(
      { id: In(ids) },
      { contactsCount: () => 'contacts_count + CASE WHEN id = :shiftTo THEN 1 ELSE -1 END' },
      ['id', 'contactsCount'],
      { shiftTo: to ?? '0' },
    );
    return new Map(rows.map((stage) => [String(stage.id), stage.contactsCount]));
  }

  private async record(
    manager: EntityManager,
    companyId: string,
    changes: Array<Pick<StageChangeEntity, 'contactId' | 'pipelineId' | 'fromStageId' | 'toStageId' | 'reason' | 'changedBy'>>,
  ): Promise<void> {
    if (changes.length === 0) return;
    const history = CompanyScopedRepository.of(manager, StageChangeEntity, companyId);
    await history.insert(changes.map((change) => history.create(change)));
  }

  private result(
    entry: PipelineContactEntity,
    oldStageId: string | null,
    newStageId: string,
    oldStageCount: number | null,
    newStageCount: number,
  ): StageMove {
    return {
      pipeStageId: entry.id,
      pipelineId: entry.pipelineId,
      contactId: entry.contactId,
      oldStageId,
      newStageId,
      oldStageCount,
      newStageCount,
    };
  }
}
