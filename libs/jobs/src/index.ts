// Enqueueing, in the caller's transaction
export { JobsRuntime, type JobsRuntimeOptions } from './jobs-runtime';
export type { NewJob } from './enqueue/new-job';
export { scheduleJobId, type ScheduledRun } from './enqueue/scheduled-job';

// Defining a queue: its name (defineJob) and the provider method that builds it (@JobHandler)
export { defineJob, type JobDefinitionOptions, type JobName } from './handlers/job-name';
export { JobHandler, jobQueuesOf, type JobHandlerMethod } from './handlers/job-handler.decorator';
export type { ClaimedJob, ClaimFollowUp, JobQueue, SettlingJobs, SucceededRun } from './queue/job-queue';
export { defineQueue, fixedRetry, type QueuePace, type QueueWork } from './queue/define-queue';
export { maxAttemptsOf, retryDelayMs, type RetrySchedule } from './queue/retry-schedule';

// Entities (add to the DataSource and migrations of every app that runs jobs)
export { jobsEntities, JobEntitySchema, JOBS_TABLE, type JobRow, type JobStatus } from './entities/job.entity-schema';

// Wiring
export { JobsModule } from './nest/jobs.module';
export { ABANDONED_ERROR } from './worker/job-worker';
