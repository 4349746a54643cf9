import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobsRuntime } from '@suite/jobs';
import { StepFailures } from './step-failures';
import { StepRunner } from './step-runner';
import { workflowStepQueue } from './workflow-step.queue';

/** Jobs of one replica carrying runs at once (each holds a pooled connection while it runs a step). */
const STEP_CONCURRENCY = 8;

/** Registers the engine's queue with the app's jobs (their workers start on application bootstrap). */
@Injectable()
export class WorkflowStepRegistration implements OnModuleInit {
  constructor(
    private readonly jobs: JobsRuntime,
    private readonly runner: StepRunner,
    private readonly failures: StepFailures,
  ) {}

  onModuleInit(): void {
    this.jobs.register(workflowStepQueue(this.runner, this.failures, STEP_CONCURRENCY));
  }
}
