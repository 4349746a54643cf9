import { Injectable } from '@nestjs/common';
import { AppointmentsService, ContactsService, ListsService, PipelinePlacements } from '../../../crm';
import { durationMs } from '../../definition/wait-time';
import type { WorkflowNode } from '../../definition/workflow-graph';
import { renderTemplate } from '../../definition/template-renderer';
import type { ActionExecutor, StepContext, StepOutcome } from './action-executor';
import { templateContextOf } from './template-context';

/** Hands the id the node's config holds in `field` to `act`; the step's detail names it under the same field. */
async function withConfiguredId(node: WorkflowNode, field: string, act: (id: string) => Promise<unknown>): Promise<StepOutcome> {
  const id = String(node.config[field]);
  await act(id);
  return { kind: 'next', detail: { [field]: id } };
}

/**
 * The CRM's own use cases, run in the step's transaction: a stage, list, user or appointment the
 * platform refuses (deleted since the workflow was saved, say) fails the run at once (AppError).
 */
@Injectable()
export class MoveToStageAction implements ActionExecutor {
  readonly type = 'move_to_stage';

  constructor(private readonly placements: PipelinePlacements) {}

  execute({ manager, run, node, contact }: StepContext): Promise<StepOutcome> {
    return withConfiguredId(node, 'stage_id', (stageId) =>
      this.placements.moveLocked(manager, run.companyId, contact, stageId, null),
    );
  }
}

@Injectable()
export class AddToListAction implements ActionExecutor {
  readonly type = 'add_to_list';

  constructor(private readonly lists: ListsService) {}

  execute({ manager, run, node, contact }: StepContext): Promise<StepOutcome> {
    return withConfiguredId(node, 'list_id', (listId) => this.lists.addContactIn(manager, run.companyId, listId, contact.id));
  }
}

@Injectable()
export class AssignUserAction implements ActionExecutor {
  readonly type = 'assign_user';

  constructor(private readonly contacts: ContactsService) {}

  execute({ manager, run, node, contact, emit }: StepContext): Promise<StepOutcome> {
    return withConfiguredId(node, 'user_id', (userId) =>
      this.contacts.updateLocked(manager, run.companyId, contact, { assignedTo: userId }, null, emit),
    );
  }
}

@Injectable()
export class CreateAppointmentAction implements ActionExecutor {
  readonly type = 'create_appointment';

  constructor(private readonly appointments: AppointmentsService) {}

  async execute({ manager, run, node, contact, now }: StepContext): Promise<StepOutcome> {
    const config = node.config;
    const startsAt = new Date(now.getTime() + durationMs(config.starts_in as Parameters<typeof durationMs>[0]));
    const endsAt = new Date(startsAt.getTime() + Number(config.duration_minutes) * 60_000);
    const appointment = await this.appointments.scheduleIn(
      manager,
      run.companyId,
      {
        contactId: contact.id,
        // A title that renders empty (its fields blank for this contact) names the contact instead.
        title: renderTemplate(String(config.title ?? ''), templateContextOf(contact), 255) || null,
        startsAt,
        endsAt,
        assignedTo: config.assigned_to === undefined ? contact.assignedTo : String(config.assigned_to),
      },
      null,
    );
    return { kind: 'next', detail: { appointment_id: appointment.id, starts_at: startsAt.toISOString() } };
  }
}

/** `end`: the run is complete. */
@Injectable()
export class EndAction implements ActionExecutor {
  readonly type = 'end';
  readonly leavesContact = true;
  readonly sendsNoStatement = true;

  execute(): Promise<StepOutcome> {
    return Promise.resolve({ kind: 'end' });
  }
}
