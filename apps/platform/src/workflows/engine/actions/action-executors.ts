import { Injectable } from '@nestjs/common';
import type { ActionExecutor } from './action-executor';
import { AddToListAction, AssignUserAction, CreateAppointmentAction, EndAction, MoveToStageAction } from './crm.actions';
import { IfElseAction } from './if-else.action';
import { SendEmailAction } from './send-email.action';
import { SendSmsAction } from './send-sms.action';
import { AddTagAction, RemoveTagAction } from './tag.actions';
import { WaitAction } from './wait.action';

/** Every action type of the catalog and what executes it (a spec checks the two lists agree). */
export const ACTION_EXECUTOR_CLASSES = [
  SendSmsAction,
  SendEmailAction,
  WaitAction,
  IfElseAction,
  AddTagAction,
  RemoveTagAction,
  MoveToStageAction,
  AddToListAction,
  AssignUserAction,
  CreateAppointmentAction,
  EndAction,
];

@Injectable()
export class ActionExecutors {
  private readonly byType: ReadonlyMap<string, ActionExecutor>;

  constructor(
    sendSms: SendSmsAction,
    sendEmail: SendEmailAction,
    wait: WaitAction,
    ifElse: IfElseAction,
    addTag: AddTagAction,
    removeTag: RemoveTagAction,
    moveToStage: MoveToStageAction,
    addToList: AddToListAction,
    assignUser: AssignUserAction,
    createAppointment: CreateAppointmentAction,
    end: EndAction,
  ) {
    const all: ActionExecutor[] = [
      sendSms,
      sendEmail,
      wait,
      ifElse,
      addTag,
      removeTag,
      moveToStage,
      addToList,
      assignUser,
      createAppointment,
      end,
    ];
    this.byType = new Map(all.map((executor) => [executor.type, executor]));
  }

  of(type: string): ActionExecutor | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.keys()];
  }
}
