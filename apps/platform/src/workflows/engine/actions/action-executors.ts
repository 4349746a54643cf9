import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
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

/** The executors by action type, taken from the module (each is a provider, listed once above). */
@Injectable()
export class ActionExecutors implements OnModuleInit {
  private byType: ReadonlyMap<string, ActionExecutor> = new Map();

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    this.byType = new Map(
      ACTION_EXECUTOR_CLASSES.map((Executor): [string, ActionExecutor] => {
        const executor = this.moduleRef.get<ActionExecutor>(Executor);
        return [executor.type, executor];
      }),
    );
  }

  of(type: string): ActionExecutor | undefined {
    return this.byType.get(type);
  }
}
