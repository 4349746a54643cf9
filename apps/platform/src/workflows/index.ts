// The public face of workflows: definitions, versions, runs, folders, the engine (decision 0059).
// Code outside this folder imports only from here; what is not exported is the context's own.
export { ContactReplyEntity } from './engine/contact-reply.entity';
export { WorkflowRunStepEntity } from './engine/workflow-run-step.entity';
export { WorkflowRunEntity } from './engine/workflow-run.entity';
export { PACKAGE_FILE_FIELD, PACKAGE_FILE_MAX_BYTES, PACKAGE_IMPORT_PATHS } from './packages/import-body';
export { LoopGuardEnvironment } from './engine/runs/loop-guard-environment';
export { WorkflowsModule } from './workflows.module';
