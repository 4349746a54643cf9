import { CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, In, LessThan, MoreThanOrEqual, type FindOptionsWhere } from 'typeorm';
import type { WorkflowRunStatus } from '@suite/contracts';
import { AppError, type PageRequest } from '@suite/http';
import { CompanyEntity } from '../../directory';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { localMidnightUtc, nextLocalDate } from '../../shared/local-day';
import { WorkflowRunStepEntity } from '../engine/workflow-run-step.entity';
import { WorkflowRunEntity } from '../engine/workflow-run.entity';
import { WorkflowEntity } from '../workflow.entity';

export const RUN_NOT_FOUND = 'Execution not found.';
export const WORKFLOW_FILTER_REFUSED = 'workflow_id must be All or a workflow id.';
export const DATES_REVERSED = 'date_from must be on or before date_to.';

export interface ExecutionFilter {
  /** A workflow id in any spelling; undefined for all. */
  workflowId?: string;
  triggerType?: string;
  status?: WorkflowRunStatus;
  dateFrom?: string;
  dateTo?: string;
}

export interface LoggedRun {
  run: WorkflowRunEntity;
  workflowName: string | null;
}

/**
 * The execution log: the company's workflow runs, newest first, with their steps. Runs are the
 * engine's rows; this only reads them. Days are the company's local days (its time zone).
 */
@Injectable()
export class ExecutionLogService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly codec: PlatformIdCodec,
  ) {}

  async list(companyId: string, filter: ExecutionFilter, page: PageRequest): Promise<{ runs: LoggedRun[]; total: number }> {
    if (filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo) {
      throw new AppError('unprocessable', DATES_REVERSED, { date_from: ['must be on or before date_to'] });
    }
    const where: FindOptionsWhere<WorkflowRunEntity> = {};
    if (filter.workflowId !== undefined) {
      const workflowId = this.codec.decode(filter.workflowId);
      if (!workflowId) throw new AppError('unprocessable', WORKFLOW_FILTER_REFUSED, { workflow_id: ['not a workflow id'] });
      where.workflowId = workflowId;
    }
    if (filter.triggerType) where.triggerType = filter.triggerType;
    if (filter.status) where.status = filter.status;
    if (filter.dateFrom || filter.dateTo) {
      const company = await unscopedRepository(this.dataSource, CompanyEntity).findOneBy({ id: companyId });
      if (!company) throw new AppError('not_found', 'Company not found.');
      const from = filter.dateFrom ? MoreThanOrEqual(localMidnightUtc(filter.dateFrom, company.timezone)) : undefined;
      const to = filter.dateTo ? LessThan(localMidnightUtc(nextLocalDate(filter.dateTo), company.timezone)) : undefined;
      where.startedAt = from && to ? And(from, to) : (from ?? to)!;
    }
    const [runs, total] = await CompanyScopedRepository.of(this.dataSource, WorkflowRunEntity, companyId).findAndCount({
      where,
      order: { startedAt: 'DESC', id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
    const names = await this.workflowNames(companyId, runs);
    return { runs: runs.map((run) => ({ run, workflowName: names.get(run.workflowId) ?? null })), total };
  }

  async get(companyId: string, id: string): Promise<LoggedRun & { steps: WorkflowRunStepEntity[] }> {
    const run = await CompanyScopedRepository.of(this.dataSource, WorkflowRunEntity, companyId).findOne({ where: { id } });
    if (!run) throw new AppError('not_found', RUN_NOT_FOUND);
    // Steps have no company of their own: reached through the run found in the company above.
    const steps = await unscopedRepository(this.dataSource, WorkflowRunStepEntity).find({
      where: { runId: run.id },
      order: { step: 'ASC' },
    });
    const names = await this.workflowNames(companyId, [run]);
    return { run, workflowName: names.get(run.workflowId) ?? null, steps };
  }

  /** The names of the runs' workflows still there (a deleted workflow's runs stay in the log). */
  private async workflowNames(companyId: string, runs: WorkflowRunEntity[]): Promise<Map<string, string>> {
    const ids = [...new Set(runs.map((run) => run.workflowId))];
    if (ids.length === 0) return new Map();
    const workflows = await CompanyScopedRepository.of(this.dataSource, WorkflowEntity, companyId).find({
      select: { id: true, name: true },
      where: { id: In(ids) },
    });
    return new Map(workflows.map((workflow) => [workflow.id, workflow.name]));
  }
}
