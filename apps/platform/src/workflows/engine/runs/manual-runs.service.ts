import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import { AppError } from '@suite/http';
import { ContactEntity } from '../../../crm';
import { WORKFLOW_NOT_FOUND, WorkflowEntity } from '../../workflow.entity';
import { WorkflowRunEntity } from '../workflow-run.entity';
import { manualOccurrenceId, RunStarter, type RunStart } from './run-starter';

export const NOT_ACTIVE = 'Activate the workflow before running it.';
export const NO_RUN_NOW_TRIGGER = 'The workflow has no Run Now trigger.';

/** A contact named as sent, and its decoded id (null when the value decodes to nothing). */
export interface ContactToRun {
  sent: string;
  id: string | null;
}

/**
 * The `run_now` trigger: a user starts an active workflow for chosen contacts. One request is one
 * occurrence; the loop guard applies as to any start.
 */
@Injectable()
export class ManualRunsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly starter: RunStarter,
  ) {}

  run(companyId: string, workflowId: string, contacts: ContactToRun[]): Promise<WorkflowRunEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      const workflow = await CompanyScopedRepository.of(manager, WorkflowEntity, companyId).findOne({
        where: { id: workflowId },
      });
      if (!workflow) throw new AppError('not_found', WORKFLOW_NOT_FOUND);
      if (workflow.status !== 'active') throw new AppError('unprocessable', NOT_ACTIVE, { status: [NOT_ACTIVE] });
      if (!workflow.activeTriggerTypes.includes('run_now'))
        throw new AppError('unprocessable', NO_RUN_NOW_TRIGGER, { trigger_config: [NO_RUN_NOW_TRIGGER] });

      const ids = [...new Set(contacts.flatMap((contact) => (contact.id ? [contact.id] : [])))];
      const live = ids.length
        ? await CompanyScopedRepository.of(manager, ContactEntity, companyId).find({
            select: { id: true },
            where: { id: In(ids), deletedAt: IsNull() },
            order: { id: 'ASC' },
          })
        : [];
      const found = new Set(live.map((contact) => contact.id));
      const unknown = [
        ...new Set(contacts.filter((contact) => !contact.id || !found.has(contact.id)).map((contact) => contact.sent)),
      ];
      if (unknown.length) {
        throw new AppError('unprocessable', 'contact_ids must be contacts of the company.', {
          contact_ids: [`not contacts of the company: ${unknown.join(', ')}`],
        });
      }
      const eventId = manualOccurrenceId();
      const starts: RunStart[] = [];
      for (const contact of live) {
        const start = await this.starter.matched(manager, workflow, {
          companyId,
          triggerType: 'run_now',
          eventId,
          contactId: contact.id,
          facts: {},
        });
        if (start) starts.push(start);
      }
      const runs = await this.starter.startAll(manager, starts);
      // As they stand now: a run's first steps were taken in this transaction (it may be waiting or done).
      if (runs.length === 0) return runs;
      return CompanyScopedRepository.of(manager, WorkflowRunEntity, companyId).find({
        where: { id: In(runs.map((run) => run.id)) },
        order: { id: 'ASC' },
      });
    });
  }
}
