import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { WorkflowStatus } from '@suite/contracts';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError, type PageRequest } from '@suite/http';
import { PlatformIdCodec } from '../ids/platform-id.codec';
import type { GraphReference } from './definition/graph-references';
import { EMPTY_GRAPH, type WorkflowGraph } from './definition/workflow-graph';
import type { SettableStatus } from './dto/workflow-status.request';
import { WorkflowRunEntity } from './engine/workflow-run.entity';
import { WorkflowFolderEntity } from './folders/workflow-folder.entity';
import { WorkflowActivation } from './workflow-activation';
import { workflowSnapshot } from './workflow-events';
import { checkedGraph } from './workflow-graph-check';
import { WorkflowVersionEntity } from './workflow-version.entity';
import { WORKFLOW_NOT_FOUND, WorkflowEntity } from './workflow.entity';

export const DEACTIVATE_BEFORE_DELETE = 'Deactivate the workflow before deleting it.';
export const FOLDER_REFUSED = 'folder_id must be a folder of the company.';

/** A folder as the request sent it: an id in any spelling, null for "no folder" (where allowed), undefined when absent. */
export type FolderValue = number | string | null | undefined;

export interface NewWorkflow {
  name?: string;
  description?: string;
  /** The request's `trigger_config`, not checked yet. */
  triggerConfig?: unknown;
  folderId?: FolderValue;
}

export interface BuilderSave {
  triggerConfig: unknown;
  name?: string;
  description?: string | null;
  folderId?: FolderValue;
}

/** A package's workflow, checked by parsePackage: a new draft of the importing company. */
export interface ImportedWorkflow {
  name: string;
  description: string | null;
  graph: WorkflowGraph;
  settings: Record<string, unknown>;
  references: GraphReference[];
}

/**
 * The workflows of a company: create and import (drafts), the builder's read and save, activation
 * and deactivation, delete. Every change locks the workflow row and commits with its event
 * (`workflow.created`, `.activated`, `.deactivated`) through the outbox.
 */
@Injectable()
export class WorkflowsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly codec: PlatformIdCodec,
    private readonly activation: WorkflowActivation,
  ) {}

  create(companyId: string, input: NewWorkflow, changedBy: string | null): Promise<WorkflowEntity> {
    const graph = input.triggerConfig === undefined ? EMPTY_GRAPH : checkedGraph(input.triggerConfig);
    return this.dataSource.transaction(async (manager) => {
      const folderId = await this.folder(manager, companyId, input.folderId);
      await this.activation.assertOwnReferences(manager, companyId, graph);
      return this.insertDraft(manager, companyId, changedBy, {
        name: input.name ?? defaultName(new Date()),
        description: input.description ?? null,
        triggerConfig: graph,
        folderId: folderId ?? null,
      });
    });
  }

  /** A package's workflow as a new draft: every company-specific selection is to review before activation. */
  importDraft(companyId: string, imported: ImportedWorkflow, changedBy: string | null): Promise<WorkflowEntity> {
    return this.dataSource.transaction((manager) =>
      this.insertDraft(manager, companyId, changedBy, {
        name: imported.name,
        description: imported.description,
        triggerConfig: imported.graph,
        settings: imported.settings,
        referencesToReview: imported.references,
        folderId: null,
      }),
    );
  }

  /** A page of the company's workflows, newest first. */
  async list(
    companyId: string,
    filter: { folderId?: string; status?: WorkflowStatus },
    page: PageRequest,
  ): Promise<{ workflows: WorkflowEntity[]; total: number }> {
    const where: FindOptionsWhere<WorkflowEntity> = {};
    if (filter.folderId !== undefined) {
      const folderId = this.codec.decode(filter.folderId);
      if (!folderId) throw new AppError('unprocessable', FOLDER_REFUSED, { folder_id: ['not a folder id'] });
      where.folderId = folderId;
    }
    if (filter.status) where.status = filter.status;
    const [workflows, total] = await this.workflows(this.dataSource, companyId).findAndCount({
      where,
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
    return { workflows, total };
  }

  async get(companyId: string, id: string): Promise<WorkflowEntity> {
    const workflow = await this.workflows(this.dataSource, companyId).findOne({ where: { id } });
    if (!workflow) throw new AppError('not_found', WORKFLOW_NOT_FOUND);
    return workflow;
  }

  /**
   * The builder's save: the whole graph replaces the old one and `version` moves on. The save is
   * the review of an import's selections, so `referencesToReview` empties. An active workflow stays
   * active only with a graph that could be activated: it is frozen as the new version new runs
   * start on (runs in flight keep theirs); otherwise the save is refused and nothing changes.
   */
  saveBuilder(companyId: string, id: string, input: BuilderSave): Promise<WorkflowEntity> {
    const graph = checkedGraph(input.triggerConfig);
    return this.dataSource.transaction(async (manager) => {
      const workflow = await this.lock(manager, companyId, id);
      const folderId = await this.folder(manager, companyId, input.folderId);
      if (input.name !== undefined) workflow.name = input.name;
      if (input.description !== undefined) workflow.description = input.description;
      if (folderId !== undefined) workflow.folderId = folderId;
      workflow.triggerConfig = graph;
      workflow.version += 1;
      workflow.referencesToReview = [];
      if (workflow.status === 'active') {
        await this.activation.assertRunnable(manager, workflow, graph);
        await this.activation.makeActive(manager, workflow);
      } else {
        await this.activation.assertOwnReferences(manager, companyId, graph);
      }
      return this.workflows(manager, companyId).save(workflow);
    });
  }

  /**
   * active: checks the graph may run (422 naming what is missing or not the company's), freezes it
   * and emits `workflow.activated`. inactive: no new run starts, waiting runs are cancelled (in the
   * same transaction) and `workflow.deactivated` is emitted; the active version is kept. Asking
   * for the status a workflow has changes nothing (200, no event); a draft stays a draft when
   * deactivated, as it never ran.
   */
  setStatus(companyId: string, id: string, status: SettableStatus, changedBy: string | null): Promise<WorkflowEntity> {
    return this.dataSource.transaction(async (manager) => {
      const workflow = await this.lock(manager, companyId, id);
      if (status === 'active' && workflow.status !== 'active') {
        await this.activation.assertRunnable(manager, workflow, workflow.triggerConfig);
        await this.activation.makeActive(manager, workflow);
        await this.workflows(manager, companyId).save(workflow);
        await this.emit(manager, 'workflow.activated', workflow, changedBy);
      } else if (status === 'inactive' && workflow.status === 'active') {
        workflow.status = 'inactive';
        workflow.activeTriggerTypes = [];
        await this.workflows(manager, companyId).save(workflow);
        await CompanyScopedRepository.of(manager, WorkflowRunEntity, companyId).update(
          { workflowId: workflow.id, status: 'waiting' },
          { status: 'cancelled', finishedAt: new Date(), error: null, wakeAt: null, cursor: null },
        );
        await this.emit(manager, 'workflow.deactivated', workflow, changedBy);
      }
      return workflow;
    });
  }

  /**
   * Deletes a workflow that is not active, with its frozen versions. Its runs stay: the execution
   * log keeps showing them (with the workflow's name gone, `workflow_name` null).
   */
  async delete(companyId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const workflow = await this.lock(manager, companyId, id);
      if (workflow.status === 'active') throw new AppError('conflict', DEACTIVATE_BEFORE_DELETE);
      await unscopedRepository(manager, WorkflowVersionEntity).delete({ workflowId: workflow.id });
      await this.workflows(manager, companyId).delete({ id: workflow.id });
    });
  }

  private async insertDraft(
    manager: EntityManager,
    companyId: string,
    changedBy: string | null,
    fields: Partial<WorkflowEntity>,
  ): Promise<WorkflowEntity> {
    const workflows = this.workflows(manager, companyId);
    const workflow = await workflows.save(workflows.create({ ...fields, status: 'draft', version: 1, activeVersion: 0 }));
    await this.emit(manager, 'workflow.created', workflow, changedBy);
    return workflow;
  }

  private async emit(
    manager: EntityManager,
    type: 'workflow.created' | 'workflow.activated' | 'workflow.deactivated',
    workflow: WorkflowEntity,
    changedBy: string | null,
  ): Promise<void> {
    await this.outbox.append(
      manager,
      newEvent(type, { companyId: workflow.companyId, subject: workflow.id, data: workflowSnapshot(workflow, changedBy) }),
    );
  }

  /** The folder a request names, checked in the company: undefined when absent, null for "none". */
  private async folder(manager: EntityManager, companyId: string, value: FolderValue): Promise<string | null | undefined> {
    if (value === undefined || value === null) return value;
    const id = this.codec.decode(String(value));
    const folder = id
      ? await CompanyScopedRepository.of(manager, WorkflowFolderEntity, companyId).findOne({
          select: { id: true },
          where: { id },
        })
      : null;
    if (!folder) throw new AppError('unprocessable', FOLDER_REFUSED, { folder_id: ['not a folder of the company'] });
    return folder.id;
  }

  private async lock(manager: EntityManager, companyId: string, id: string): Promise<WorkflowEntity> {
    const workflow = await this.workflows(manager, companyId).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!workflow) throw new AppError('not_found', WORKFLOW_NOT_FOUND);
    return workflow;
  }

  private workflows(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<WorkflowEntity> {
    return CompanyScopedRepository.of(source, WorkflowEntity, companyId);
  }
}

/** The name of a workflow created without one: "Untitled workflow 2026-11-24 14:05 UTC". */
export const defaultName = (now: Date): string =>
  `Untitled workflow ${now.toISOString().slice(0, 10)} ${now.toISOString().slice(11, 16)} UTC`;
