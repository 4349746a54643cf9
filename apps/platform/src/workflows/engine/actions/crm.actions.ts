import { Injectable } from '@nestjs/common';
import { AppointmentsService } from '../../../appointments/appointments.service';
import { ContactsService } from '../../../contacts/contacts.service';
import { ListsService } from '../../../lists/lists.service';
import { PipelinePlacements } from '../../../pipelines/pipeline-placements';
import { durationMs } from '../../definition/wait-time';
import { renderTemplate } from '../../definition/template-renderer';
import type { ActionExecutor, StepContext, StepOutcome } from './action-executor';
import { templateContextOf } from './template-context';

/**
 * The CRM's own use cases, run in the step's transaction: a stage, list, user or appointment the
 * platform refuses (deleted since the workflow was saved, say) fails the run at once (AppError).
 */
@Injectable()
export class MoveToStageAction implements ActionExecutor {
  readonly type = 'move_to_stage';

  constructor(private readonly placements: PipelinePlacements) {}

  async execute({ manager, run, node, contact }: StepContext): Promise<StepOutcome> {
    const stageId = String(node.config.stage_id);
    await this.placements.moveLocked(manager, run.companyId, contact, stageId, null);
    return { kind: 'next', detail: { stage_id: stageId } };
  }
}

@Injectable()
export class AddToListAction implements ActionExecutor {
  readonly type = 'add_to_list';

  constructor(private readonly lists: ListsService) {}

  async execute({ manager, run, node, contact }: StepContext): Promise<StepOutcome> {
    const listId = String(node.config.list_id);
    await this.lists.addContactIn(manager, run.companyId, listId, contact.id);
    return { kind: 'next', detail: { list_id: listId } };
  }
}

@Injectable()
export class AssignUserAction implements ActionExecutor {
  readonly type = 'assign_user';

  constructor(private readonly contacts: ContactsService) {}

  async execute({ manager, run, node, contact, emit }: StepContext): Promise<StepOutcome> {
    const userId = String(node.config.user_id);
    await this.contacts.updateLocked(manager, run.companyId, contact, { assignedTo: userId }, null, emit);
    return { kind: 'next', detail: { user_id: userId } };
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
