import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, MoreThan, type EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError, type PageRequest } from '@suite/http';
import { ContactEntity } from '../contact.entity';
import type { SentId } from '../../ids/sent-id';
import { assertCompanyReferences } from '../../shared/company-references';
import { PipelineContactEntity } from './pipeline-contact.entity';
import { PipelinePlacements, STAGE_NOT_FOUND, type StageMove } from './pipeline-placements';
import { PipelineStageEntity } from './pipeline-stage.entity';
import { PipelineEntity } from './pipeline.entity';
import { StageChangeEntity } from './stage-change.entity';

export const PIPELINE_NOT_FOUND = 'Pipeline not found.';
/** Rows per statement when a deleted pipeline's contacts are recorded as leaving it. */
const RELEASE_CHUNK = 5_000;

export interface PipelineWithStages {
  pipeline: PipelineEntity;
  stages: PipelineStageEntity[];
}

/** One row of a pipeline's contact list. */
export interface PipelineContactRow {
  entry: Pick<PipelineContactEntity, 'id' | 'stageId' | 'contactId'>;
  stage: PipelineStageEntity;
  firstName: string;
}

export interface PipelineContactsPage extends PipelineWithStages {
  rows: PipelineContactRow[];
  total: number;
}

export interface PipelineContactsFilter {
  stageId?: string;
  assignedTo?: string;
}

/**
 * Pipelines, their stages and the contacts in them. Reads of a list run in one REPEATABLE READ
 * snapshot, so the page and its total (the stages' counters, decision 0032) are of the same
 * committed state: a count never disagrees with the list.
 */
@Injectable()
export class PipelinesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly placements: PipelinePlacements,
    private readonly outbox: Outbox,
  ) {}

  create(companyId: string, name: string, stageNames: string[]): Promise<PipelineWithStages> {
    return this.dataSource.transaction(async (manager) => {
      const pipelines = CompanyScopedRepository.of(manager, PipelineEntity, companyId);
      const pipeline = await pipelines.save(pipelines.create({ name }));
      const stagesRepository = CompanyScopedRepository.of(manager, PipelineStageEntity, companyId);
      const stages: PipelineStageEntity[] = [];
      // One by one: the identities come back in sorting order, so stage ids follow it too.
      for (const [index, stageName] of stageNames.entries()) {
        stages.push(
          await stagesRepository.save(stagesRepository.create({ pipelineId: pipeline.id, stageName, sortingOrder: index + 1 })),
        );
      }
      await this.outbox.append(
        manager,
        newEvent('pipeline.created', {
          companyId,
          subject: pipeline.id,
          data: {
            id: pipeline.id,
            company_id: companyId,
            name,
            stages: stages.map((stage) => ({ id: stage.id, stage_name: stage.stageName, sorting_order: stage.sortingOrder })),
          },
        }),
      );
      return { pipeline, stages };
    });
  }

  /** Every pipeline of the company with its stages in order (each with its contact count). */
  list(companyId: string): Promise<PipelineWithStages[]> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const pipelines = await CompanyScopedRepository.of(manager, PipelineEntity, companyId).find({ order: { id: 'ASC' } });
      if (pipelines.length === 0) return [];
      const stages = await CompanyScopedRepository.of(manager, PipelineStageEntity, companyId).find({
        where: { pipelineId: In(pipelines.map((pipeline) => pipeline.id)) },
        order: { pipelineId: 'ASC', sortingOrder: 'ASC' },
      });
      return pipelines.map((pipeline) => ({ pipeline, stages: stages.filter((stage) => stage.pipelineId === pipeline.id) }));
    });
  }

  /**
   * A page of the pipeline's contacts, newest placement first, optionally one stage's and/or one
   * user's. Each is a range of an index ending in the entry id; the total is the stages' counters
   * (a row read whatever the pipeline's size) unless filtered by user, which counts that range.
   * A stage of another pipeline is 404, like a stage of another company.
   */
  contacts(
    companyId: string,
    pipelineId: string,
    filter: PipelineContactsFilter,
    page: PageRequest,
  ): Promise<PipelineContactsPage> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const { pipeline, stages } = await this.pipelineWithStages(manager, companyId, pipelineId);
      const stage = filter.stageId ? stages.find((candidate) => candidate.id === filter.stageId) : undefined;
      if (filter.stageId && !stage) throw new AppError('not_found', STAGE_NOT_FOUND);
      const where = {
        pipelineId: pipeline.id,
        ...(stage ? { stageId: stage.id } : {}),
        ...(filter.assignedTo ? { assignedTo: filter.assignedTo } : {}),
      };
      const entries = CompanyScopedRepository.of(manager, PipelineContactEntity, companyId);
      const [page_, total] = await Promise.all([
        entries.find({
          select: { id: true, stageId: true, contactId: true },
          where,
          order: { id: 'DESC' },
          skip: page.offset,
          take: page.perPage,
        }),
        filter.assignedTo
          ? entries.count({ where })
          : Promise.resolve((stage ? [stage] : stages).reduce((sum, each) => sum + each.contactsCount, 0)),
      ]);
      const names = page_.length
        ? await CompanyScopedRepository.of(manager, ContactEntity, companyId).find({
            select: { id: true, firstName: true },
            where: { id: In(page_.map((entry) => entry.contactId)) },
          })
        : [];
      const firstNames = new Map(names.map((contact) => [contact.id, contact.firstName]));
      const byId = new Map(stages.map((each) => [each.id, each]));
      return {
        pipeline,
        stages,
        total,
        rows: page_.map((entry) => ({
          entry,
          stage: byId.get(entry.stageId)!,
          firstName: firstNames.get(entry.contactId) ?? '',
        })),
      };
    });
  }

  /**
   * Moves a contact to a stage (placing it in the stage's pipeline when it is not in it): the
   * contact's row is locked first, then the stages (PipelinePlacements), and the counts answered
   * are those this transaction commits. A contact (live) or stage not of the company is 422 naming
   * each field (decision 0042, superseding 0032's 404 for the body of a move).
   */
  moveContact(companyId: string, contact: SentId, stage: SentId, changedBy: string | null): Promise<StageMove> {
    return this.dataSource.transaction(async (manager) => {
      const found = await assertCompanyReferences(manager, companyId, {
        contact_id: { entity: ContactEntity, noun: 'a contact', ids: [contact], where: { deletedAt: IsNull() }, lock: 'update' },
        // moveLocked locks the stages itself, in id order, with the contact's old one.
        stage_id: { entity: PipelineStageEntity, noun: 'a stage', ids: [stage], lock: 'none' },
      });
      return this.placements.moveLocked(manager, companyId, found.contact_id[0]!, found.stage_id[0]!.id, changedBy);
    });
  }

  renameStage(companyId: string, stageId: string, stageName: string): Promise<PipelineStageEntity> {
    return this.dataSource.transaction(async (manager) => {
      const stages = CompanyScopedRepository.of(manager, PipelineStageEntity, companyId);
      const stage = await stages.findOne({ where: { id: stageId }, lock: { mode: 'pessimistic_write' } });
      if (!stage) throw new AppError('not_found', STAGE_NOT_FOUND);
      if (stage.stageName === stageName) return stage;
      const previousName = stage.stageName;
      await stages.update({ id: stage.id }, { stageName });
      await this.outbox.append(
        manager,
        newEvent('pipeline.stage_renamed', {
          companyId,
          subject: stage.pipelineId,
          data: {
            pipeline_id: stage.pipelineId,
            company_id: companyId,
            stage_id: stage.id,
            stage_name: stageName,
            previous_name: previousName,
          },
        }),
      );
      return { ...stage, stageName };
    });
  }

  /**
   * Deletes the pipeline, its stages and their disposition links; its contacts stay in the CRM
   * and leave the pipeline, each recorded as a stage change to none. The pipeline's row and then
   * its stages are locked (id order, as moves lock them), so a move waiting for a stage finds it
   * gone (404) rather than writing into a deleted pipeline.
   */
  delete(companyId: string, pipelineId: string, changedBy: string | null): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const pipelines = CompanyScopedRepository.of(manager, PipelineEntity, companyId);
      const pipeline = await pipelines.findOne({ where: { id: pipelineId }, lock: { mode: 'pessimistic_write' } });
      if (!pipeline) throw new AppError('not_found', PIPELINE_NOT_FOUND);
      const stages = await CompanyScopedRepository.of(manager, PipelineStageEntity, companyId).find({
        select: { id: true },
        where: { pipelineId: pipeline.id },
      });
      await this.placements.lockStages(
        manager,
        companyId,
        stages.map((stage) => stage.id),
      );
      const released = await this.recordRelease(manager, companyId, pipeline.id, changedBy);
      // The stages, their places and (with the voice feature) their disposition links go by cascade.
      await pipelines.delete({ id: pipeline.id });
      await this.outbox.append(
        manager,
        newEvent('pipeline.deleted', {
          companyId,
          subject: pipeline.id,
          data: {
            id: pipeline.id,
            company_id: companyId,
            name: pipeline.name,
            contacts_released: released,
            changed_by: changedBy,
          },
        }),
      );
    });
  }

  /**
   * The pipeline and its stages in order, in one query: a pipeline always has stages (it is created
   * with at least one, and they go only with it), so no stage means no pipeline in the company.
   */
  async pipelineWithStages(
    manager: EntityManager | DataSource,
    companyId: string,
    pipelineId: string,
  ): Promise<PipelineWithStages> {
    const stages = await CompanyScopedRepository.of(manager, PipelineStageEntity, companyId).find({
      where: { pipelineId },
      relations: { pipeline: true },
      order: { sortingOrder: 'ASC' },
    });
    const pipeline = stages[0]?.pipeline;
    if (!pipeline) throw new AppError('not_found', PIPELINE_NOT_FOUND);
    return { pipeline, stages };
  }

  /** Records every contact of the pipeline leaving it, in chunks; how many there were. */
  private async recordRelease(manager: EntityManager, companyId: string, pipelineId: string, changedBy: string | null) {
    const entries = CompanyScopedRepository.of(manager, PipelineContactEntity, companyId);
    const history = CompanyScopedRepository.of(manager, StageChangeEntity, companyId);
    let released = 0;
    let after = '0';
    for (;;) {
      const chunk = await entries.find({
        select: { id: true, contactId: true, stageId: true },
        where: { pipelineId, id: MoreThan(after) },
        order: { id: 'ASC' },
        take: RELEASE_CHUNK,
      });
      if (chunk.length === 0) return released;
      await history.insert(
        chunk.map((entry) =>
          history.create({
            contactId: entry.contactId,
            pipelineId,
            fromStageId: entry.stageId,
            toStageId: null,
            reason: 'pipeline_deleted',
            changedBy,
          }),
        ),
      );
      released += chunk.length;
      after = chunk[chunk.length - 1]!.id;
    }
  }
}
