import { ACTION_EXECUTOR_CLASSES, ActionExecutors } from './actions/action-executors';
import { ManualRunsService } from './runs/manual-runs.service';
import { ActiveWorkflows } from './runs/active-workflows';
import { RunStarter } from './runs/run-starter';
import { WorkflowRunsController } from './runs/workflow-runs.controller';
import { WorkflowTimers } from './runs/workflow-timers';
import { WorkflowVersions } from './runs/workflow-versions';
import { StepBatches } from './steps/step-batches';
import { StepFailures } from './steps/step-failures';
import { StepRunner } from './steps/step-runner';
import { StepWritesStore } from './steps/step-writes.store';
import { WorkflowStepRegistration } from './steps/workflow-step.registration';
import { ContactRepliesHandler } from './triggers/contact-replies.handler';
import { WorkflowTriggersHandler } from './triggers/workflow-triggers.handler';

/** The engine's providers (triggers → runs → steps → actions), listed by the workflows module. */
export const WORKFLOW_ENGINE_PROVIDERS = [
  ...ACTION_EXECUTOR_CLASSES,
  ActionExecutors,
  WorkflowVersions,
  ActiveWorkflows,
  RunStarter,
  ManualRunsService,
  WorkflowTimers,
  StepRunner,
  StepBatches,
  StepWritesStore,
  StepFailures,
  WorkflowStepRegistration,
  WorkflowTriggersHandler,
  ContactRepliesHandler,
];

export const WORKFLOW_ENGINE_CONTROLLERS = [WorkflowRunsController];
